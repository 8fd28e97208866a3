// A throttle of failed sign-in attempts for an account route: limits from the configuration, shared through Redis when configured, closed with the app.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../container.js';
import { LoginThrottle } from '../auth/login-throttle.js';

/** `what` names the throttle in the one warning logged when Redis cannot be reached. */
export function accountThrottle(app: FastifyInstance, c: Pick<Container, 'config' | 'secretKey'>, what: string): LoginThrottle {
  let redisWarned = false;
  const throttle = new LoginThrottle(
    { attempts: c.config.loginAttempts.requests, windowSeconds: c.config.loginAttempts.windowSeconds, lockoutSeconds: c.config.loginLockout },
    {
      redisUrl: c.config.redisUrl,
      secretKey: c.secretKey,
      onRedisError: (error) => {
        if (!redisWarned) app.log.warn({ err: error }, `${what}: Redis is unreachable; failed attempts are counted per process`);
        redisWarned = true;
      },
    },
  );
  app.addHook('onClose', async () => throttle.close());
  return throttle;
}
