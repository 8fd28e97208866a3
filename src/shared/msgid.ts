export const msgid = <T extends string>(s: T): T => s;
