import { describe, expect, it } from 'vitest';
import { failing } from './test-support.js';

describe('begin/end newline and space', () => {
  it('begin_newline', () => {
    expect(failing('begin_newline', '\nHello', '\nAhoj')).toBe(false);
    expect(failing('begin_newline', '\nHello', 'Hallo', 'de')).toBeTruthy();
  });
  it('end_newline', () => {
    expect(failing('end_newline', 'Hello\n', 'Bonjour\n', 'fr')).toBe(false);
    expect(failing('end_newline', 'Hello', 'Привет\n', 'ru')).toBeTruthy();
  });
  it('begin_space counts spaces, ignoring one-character strings and all-space translations', () => {
    expect(failing('begin_space', '  Indented', '  Odsazené')).toBe(false);
    expect(failing('begin_space', '  Indented', ' Eingerückt', 'de')).toMatch(/2 spaces.*1/);
    expect(failing('begin_space', ' ', ',', 'fr')).toBe(false);
    expect(failing('begin_space', ' - ', '   ', 'fr')).toBe(false);
  });
  it('end_space, with French spacing before double punctuation tolerated', () => {
    expect(failing('end_space', 'Name: ', 'Jméno: ')).toBe(false);
    expect(failing('end_space', 'Name: ', 'Name:', 'de')).toBeTruthy();
    expect(failing('end_space', 'Name: ', 'Nom :', 'fr')).toBe(false);
  });
});

describe('end_stop', () => {
  it('passes equivalent full stops of other scripts', () => {
    expect(failing('end_stop', 'File saved.', 'Soubor uložen.')).toBe(false);
    expect(failing('end_stop', 'File saved.', 'ファイルを保存しました。', 'ja')).toBe(false);
    expect(failing('end_stop', 'File saved.', '文件已保存。', 'zh_Hans')).toBe(false);
    expect(failing('end_stop', 'File saved.', 'فائل محفوظ ہو گئی۔', 'ur')).toBe(false);
    expect(failing('end_stop', 'File saved.', 'फ़ाइल सहेजी गई।', 'hi')).toBe(false);
    expect(failing('end_stop', 'File saved.', 'फ़ाइल सहेजी गई|', 'hi')).toBe(false);
  });
  it('fails on a dropped or added stop', () => {
    expect(failing('end_stop', 'File saved.', 'Datei gespeichert', 'de')).toBeTruthy();
    expect(failing('end_stop', 'File saved', 'ファイルを保存しました。', 'ja')).toBeTruthy();
  });
  it('skips short strings, Thai, and ... → …', () => {
    expect(failing('end_stop', 'etc.', 'atd')).toBe(false);
    expect(failing('end_stop', 'File saved.', 'บันทึกไฟล์แล้ว', 'th')).toBe(false);
    expect(failing('end_stop', 'Loading...', 'Načítání…')).toBe(false);
  });
});

describe('end_colon', () => {
  it('accepts full-width colons and Japanese labels without one', () => {
    expect(failing('end_colon', 'Name:', 'Jméno:')).toBe(false);
    expect(failing('end_colon', 'Name:', '名称：', 'zh_Hans')).toBe(false);
    expect(failing('end_colon', 'Name:', '名前', 'ja')).toBe(false);
  });
  it('fails on a dropped or added colon', () => {
    expect(failing('end_colon', 'Name:', 'Имя', 'ru')).toBeTruthy();
    expect(failing('end_colon', 'Name', '名前：', 'ja')).toBeTruthy();
  });
});

describe('end_question', () => {
  it('accepts Arabic, Greek and full-width question marks', () => {
    expect(failing('end_question', 'Delete file?', 'حذف الملف؟', 'ar')).toBe(false);
    expect(failing('end_question', 'Delete file?', 'حذف فایل؟', 'fa')).toBe(false);
    expect(failing('end_question', 'Delete file?', 'Διαγραφή αρχείου;', 'el')).toBe(false);
    expect(failing('end_question', 'Delete file?', 'Διαγραφή αρχείου\u037e', 'el')).toBe(false);
    expect(failing('end_question', 'Delete file?', '删除文件？', 'zh')).toBe(false);
  });
  it('fails on a dropped question mark', () => {
    expect(failing('end_question', 'Delete file?', 'Datei löschen', 'de')).toBeTruthy();
    expect(failing('end_question', 'Delete file?', 'حذف الملف', 'ar')).toBeTruthy();
    // ";" is a question mark only in Greek.
    expect(failing('end_question', 'Delete file?', 'Smazat soubor;')).toBeTruthy();
  });
});

describe('end_exclamation', () => {
  it('accepts full-width marks and skips Armenian', () => {
    expect(failing('end_exclamation', 'Done!', 'Hotovo!')).toBe(false);
    expect(failing('end_exclamation', 'Done!', '完了！', 'ja')).toBe(false);
    expect(failing('end_exclamation', 'Done!', 'Պատրաստ է', 'hy')).toBe(false);
    expect(failing('end_exclamation', 'Welcome to Texy!', 'Bienvenue', 'fr')).toBe(false);
  });
  it('fails on a dropped exclamation mark', () => {
    expect(failing('end_exclamation', 'Done!', 'Fertig', 'de')).toBeTruthy();
    expect(failing('end_exclamation', 'Done', 'Готово!', 'ru')).toBeTruthy();
  });
});

describe('end_ellipsis', () => {
  it('requires a real ellipsis when the source has one', () => {
    expect(failing('end_ellipsis', 'Loading…', 'Načítání…')).toBe(false);
    expect(failing('end_ellipsis', 'Loading...', 'Chargement…', 'fr')).toBe(false);
    expect(failing('end_ellipsis', 'Loading…', 'Laden...', 'de')).toBeTruthy();
    expect(failing('end_ellipsis', 'Loading', 'Загрузка…', 'ru')).toBeTruthy();
  });
});
