// Every route the app registers, recorded by an onRoute hook, for the OpenAPI document and the browsable API's forms.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Described } from '../resource.js';

export interface RegisteredRoute {
  method: string;
  /** Fastify's pattern, e.g. /api/projects/:project/ */
  url: string;
  schema?: FastifySchema;
  /** The resource() name (OPTIONS "name"), when the route was registered through resource(). */
  resourceName?: string;
  description?: string;
  /** Request shapes the handler checks itself (documented only). */
  described?: Described;
  summary?: string;
  rawFormat: boolean;
}

export class RouteRegistry {
  private readonly list: RegisteredRoute[] = [];
  private readonly byKey = new Map<string, RegisteredRoute>();

  /** Must run before the routes are registered: onRoute only sees routes added after it. */
  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (options: RouteOptions) => {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      const config = (options.config ?? {}) as { allow?: string; rawFormat?: boolean; resourceName?: string; resourceDescription?: string; described?: Described; summary?: string };
      const allowed = config.allow?.split(', ');
      for (const method of methods) {
        // HEAD and OPTIONS are implied by GET and resource(); resource()'s 405 answers are not operations.
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (allowed && !allowed.includes(method)) continue;
        this.add({
          method,
          url: options.url,
          schema: options.schema,
          resourceName: config.resourceName,
          description: config.resourceDescription,
          described: config.described,
          summary: config.summary,
          rawFormat: config.rawFormat === true,
        });
      }
    });
  }

  private add(route: RegisteredRoute): void {
    const key = `${route.method} ${route.url}`;
    if (this.byKey.has(key)) return;
    this.byKey.set(key, route);
    this.list.push(route);
  }

  get routes(): readonly RegisteredRoute[] {
    return this.list;
  }

  find(method: string, url: string): RegisteredRoute | undefined {
    return this.byKey.get(`${method} ${url}`);
  }
}
