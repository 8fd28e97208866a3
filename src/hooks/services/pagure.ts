// Pagure web-hook parser: only `git.receive` messages are pushes; URLs built from instance + project.
import type { HookEvent, HookRequest } from '../types.js';
import { HookPayloadError } from '../types.js';
import { bareName, hostOf, optObj, root, str } from '../util.js';
import type { ForgeHook } from '../forge.js';

export function parsePagure(req: HookRequest): HookEvent {
  const data = root(req.body);
  const msg = optObj(data, 'msg');
  if (!msg || data.topic !== 'git.receive') return { kind: 'ping' };
  const server = hostOf(str(msg, 'pagure_instance', 'msg.pagure_instance'));
  if (!server) throw HookPayloadError.invalid('msg.pagure_instance is not a URL');
  const project = bareName(str(msg, 'project_fullname', 'msg.project_fullname').replace(/^\/+/, ''));
  const repoUrls = [
    `https://${server}/${project}`,
    `https://${server}/${project}.git`,
    `ssh://git@${server}/${project}`,
    `ssh://git@${server}/${project}.git`,
  ];
  return {
    kind: 'push',
    service: 'pagure',
    serviceLongName: 'Pagure',
    repoUrl: repoUrls[0],
    repoUrls,
    branch: str(msg, 'branch', 'msg.branch'),
    defaultBranch: null,
    fullName: project,
  };
}

export const pagureHook: ForgeHook = {
  id: 'pagure',
  parse: parsePagure,
  signature: null,
  verify: () => false,
};
