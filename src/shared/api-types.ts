/** Shapes the API answers with (shared/api-contract.md), for the islands. */

export interface Profile {
  fullName: string;
  email: string;
  phone: string;
  cpf: string;
}

export interface Me {
  user: { id: string; email: string };
  profile: Profile | null;
  profileComplete: boolean;
  subscription: { active: boolean; expiresAt: string | null };
}
