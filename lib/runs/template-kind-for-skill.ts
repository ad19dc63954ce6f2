/**
 * The template kind a campaign's skill drafts with (SPEC "run_start"): the commenter and scout skills ask for
 * `comment` examples, the posters for `post`. Anything else gets every active template.
 */
export function templateKindForSkill(skill: string | null | undefined): "comment" | "post" | null {
  if (!skill) return null;
  if (skill.endsWith("-poster")) return "post";
  if (skill.endsWith("-scout") || skill.endsWith("-commenter")) return "comment";
  return null;
}
