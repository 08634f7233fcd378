import type { Generated } from 'kysely';

export interface UsersTables {
  password_resets: {
    id: Generated<string>;
    client_id: string;
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
}
