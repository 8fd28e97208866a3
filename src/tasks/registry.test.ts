// The task registry: names are unique and match the names the services queue under.
import { describe, expect, it } from 'vitest';
import { AUTOTRANSLATE_TASK } from '../services/units/autotranslate.service.js';
import { SEND_MAIL_TASK } from '../services/mail/mail.service.js';
import { SOURCE_CHECKS_TASK } from '../services/quality/daily-source-checks.service.js';
import { taskDefinitions } from './registry.js';

describe('task registry', () => {
  it('lists each task name once', () => {
    const names = taskDefinitions().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a handler for every task the services queue', () => {
    const names = taskDefinitions().map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([AUTOTRANSLATE_TASK, 'addon-event', 'component-setup', 'repository-pull', 'recalculate-statistics', SEND_MAIL_TASK, 'bulk-edit', SOURCE_CHECKS_TASK]));
  });
});
