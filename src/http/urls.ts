// Absolute API and web addresses of every object, from PARLA_SITE_URL or the request's own host.
import type { FastifyRequest } from 'fastify';

export function requestBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const seg = (s: string) => encodeURIComponent(s);

/** Builds `url` (API, from the request host) and `web_url` (from the site URL) fields. */
export class Urls {
  readonly api: string;
  readonly web: string;

  constructor(apiBase: string, webBase: string) {
    this.api = `${apiBase}/api`;
    this.web = webBase;
  }

  static forRequest(request: FastifyRequest, siteUrl: string | null): Urls {
    const base = requestBaseUrl(request);
    return new Urls(base, siteUrl ?? base);
  }

  root(): string {
    return `${this.api}/`;
  }
  language(code: string): string {
    return `${this.api}/languages/${seg(code)}/`;
  }
  project(slug: string): string {
    return `${this.api}/projects/${seg(slug)}/`;
  }
  component(project: string, component: string): string {
    return `${this.api}/components/${seg(project)}/${seg(component)}/`;
  }
  translation(project: string, component: string, language: string): string {
    return `${this.api}/translations/${seg(project)}/${seg(component)}/${seg(language)}/`;
  }
  unit(id: number): string {
    return `${this.api}/units/${id}/`;
  }
  user(username: string): string {
    return `${this.api}/users/${seg(username)}/`;
  }
  group(id: number): string {
    return `${this.api}/groups/${id}/`;
  }
  role(id: number): string {
    return `${this.api}/roles/${id}/`;
  }
  /** Component lists are looked up by slug. */
  componentList(slug: string): string {
    return `${this.api}/component-lists/${seg(slug)}/`;
  }
  change(id: number): string {
    return `${this.api}/changes/${id}/`;
  }
  task(id: string): string {
    return `${this.api}/tasks/${id}/`;
  }
  category(id: number): string {
    return `${this.api}/categories/${id}/`;
  }

  webProject(slug: string): string {
    return `${this.web}/projects/${seg(slug)}/`;
  }
  /** `slugs`: the category slugs from the top one down. */
  webCategory(project: string, slugs: readonly string[]): string {
    return `${this.web}/projects/${seg(project)}/${slugs.map(seg).join('/')}/`;
  }
  webComponent(project: string, component: string): string {
    return `${this.web}/projects/${seg(project)}/${seg(component)}/`;
  }
  webTranslation(project: string, component: string, language: string): string {
    return `${this.web}/projects/${seg(project)}/${seg(component)}/${seg(language)}/`;
  }
  webTranslate(project: string, component: string, language: string): string {
    return `${this.web}/translate/${seg(project)}/${seg(component)}/${seg(language)}/`;
  }
  webUnit(project: string, component: string, language: string, unitId: number): string {
    return `${this.webTranslate(project, component, language)}?checksum=&id=${unitId}`;
  }
  webLanguage(code: string): string {
    return `${this.web}/languages/${seg(code)}/`;
  }
  webEngage(project: string, language?: string): string {
    return `${this.web}/engage/${seg(project)}/${language ? `${seg(language)}/` : ''}`;
  }
  webUser(username: string): string {
    return `${this.web}/user/${seg(username)}/`;
  }
}
