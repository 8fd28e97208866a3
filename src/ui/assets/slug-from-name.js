// Fills the URL slug from the name as it is typed, until the slug is edited by hand (the server makes one from the name when it is left empty).
/* global document, HTMLInputElement */
(function () {
  'use strict';
  const name = document.getElementById('id_name');
  const slug = document.getElementById('id_slug');
  if (!(name instanceof HTMLInputElement) || !(slug instanceof HTMLInputElement)) return;
  const slugify = (text) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, slug.maxLength > 0 ? slug.maxLength : 100);
  let manual = slug.value !== '' && slug.value !== slugify(name.value);
  slug.addEventListener('input', () => {
    manual = slug.value !== '';
  });
  name.addEventListener('input', () => {
    if (!manual) slug.value = slugify(name.value);
  });
}());
