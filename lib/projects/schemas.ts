import { z } from "zod";

export const ZProjectInput = z.object({
  name: z.string().trim().min(1).max(120).describe("Project name, unique in the organization"),
  description: z.string().max(20_000).optional().describe("What the project offers, in plain words"),
  sourcePath: z.string().trim().max(1000).nullable().optional().describe("Folder or repository the extractor reads"),
});
export const ZProjectPatch = ZProjectInput.partial().strict();
export type ProjectInput = z.infer<typeof ZProjectInput>;
export type ProjectPatch = z.infer<typeof ZProjectPatch>;

export const projectSelect = { id: true, name: true, description: true, sourcePath: true, createdAt: true, updatedAt: true } as const;
