// A background task's progress (GET /api/tasks/<uuid>/) and the answer of the actions that start one.
import { Type } from 'typebox';
import { Url } from './common.js';

export const TaskSchema = Type.Object(
  {
    completed: Type.Boolean({ description: 'True once the task has finished or failed.' }),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    result: Type.Unknown({ description: 'What the task returned (any JSON value); null while it runs or when it failed.' }),
    log: Type.String(),
  },
  { title: 'Task' },
);

/** 202 answers of actions run in the background: where to follow the task. */
export const TaskStartedSchema = Type.Object({ task_url: Url('GET it for the progress and result.') }, { title: 'TaskStarted' });
