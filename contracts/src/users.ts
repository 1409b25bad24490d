/** Users as the admins manage them: lists, search, roles and status (spec §2 Usuários). */
export {};
