// A campaign name is unique within its project (campaigns_organization_id_project_id_name_key): the clash said so a
// person can act on it, instead of the generic "That already exists".
import { AppError } from "@/lib/http/errors";

export function isNameTaken(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === "P2002";
}

export function nameTaken(name: string): AppError {
  return new AppError("conflict", `This project already has a campaign named "${name}". Choose another name.`);
}
