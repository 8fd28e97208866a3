// The API root (GET /api/): the list address of each resource.
import { Type } from 'typebox';
import { Url } from './common.js';

/** The resources GET /api/ lists, in the order it answers them. */
export const API_RESOURCES = ['users', 'groups', 'roles', 'projects', 'components', 'translations', 'memory', 'languages', 'component-lists', 'changes', 'units', 'suggestions', 'screenshots', 'addons', 'categories', 'reports'] as const;

export const ApiRootSchema = Type.Object(Object.fromEntries(API_RESOURCES.map((r) => [r, Url(`The ${r} list.`)])), { title: 'ApiRoot' });
