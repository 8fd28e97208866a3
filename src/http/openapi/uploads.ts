// Which operations take file uploads (multipart/form-data) and in which fields: route schemas cannot say it,
// because files reach handlers in request.uploads, next to the validated body. test/http/openapi.test.ts checks
// that every entry names a registered route.
export const UPLOAD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'POST /api/projects/:project/components/': ['zipfile', 'docfile'],
  'POST /api/projects/restore/': ['zipfile'],
  'POST /api/translations/:project/:component/:language/file/': ['file'],
  'PUT /api/translations/:project/:component/:language/file/': ['file'],
  'POST /api/screenshots/': ['image'],
  'POST /api/screenshots/:id/file/': ['image'],
  'PUT /api/screenshots/:id/file/': ['image'],
};

export function uploadFieldsOf(method: string, url: string): readonly string[] | undefined {
  return UPLOAD_FIELDS[`${method} ${url}`];
}
