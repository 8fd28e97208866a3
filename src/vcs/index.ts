// Public surface of the version-control layer.
export * from './vcs.js';
export { GitBackend, type GitBackendOptions } from './git.js';
export { RepositoryLock, RepositoryLockedError, type RepositoryLockOptions, type RunLockOptions } from './repo-lock.js';
export * from './urls.js';
