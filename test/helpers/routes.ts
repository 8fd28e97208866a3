// Every route the running app registered, as "METHOD /pattern": the router's own tree, narrowed by each resource's Allow header.
import type { TestServer } from './server.js';

/** `include` picks the route patterns to list (all by default); HEAD and OPTIONS are never listed. */
export async function registeredRoutes(s: TestServer, include: (route: string) => boolean = () => true): Promise<string[]> {
  const found = new Map<string, string[]>();
  const stack: string[] = [];
  for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth] = m[2]!;
    if (m[3]) found.set(stack.join(''), m[3].split(', '));
  }
  const out: string[] = [];
  for (const [route, methods] of found) {
    if (!include(route)) continue;
    let real = methods;
    // resource() answers the methods outside Allow with 405: those are not operations.
    if (methods.includes('OPTIONS')) {
      const res = await s.api(route.replace(/:[A-Za-z_]+/g, 'x'), { method: 'OPTIONS' });
      const allow = res.headers.get('allow');
      if (allow) real = allow.split(', ');
    }
    for (const m of real) if (m !== 'HEAD' && m !== 'OPTIONS') out.push(`${m} ${route}`);
  }
  return out.sort();
}
