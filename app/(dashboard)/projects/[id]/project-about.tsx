import { Card } from "@/app/_components/card";
import { Markdown } from "@/app/_components/markdown";
import { AutoExtractButton } from "./auto-extract-button";
import { DescriptionClamp } from "./description-clamp";

type Props = {
  projectId: number;
  description: string;
  sourcePath: string | null;
  liveExtractionRunId: number | null;
};

/** The project description (Markdown, written by hand or by Auto-extract) with the Auto-extract button beside it. */
export function ProjectAbout({ projectId, description, sourcePath, liveExtractionRunId }: Props) {
  return (
    <Card
      title="Description"
      description={
        sourcePath ? (
          <>
            Drafts use it as context. Auto-extract reads <code className="font-mono text-xs">{sourcePath}</code>.
          </>
        ) : (
          "Drafts use it as context. Set a source folder under Edit to extract it automatically."
        )
      }
      actions={<AutoExtractButton projectId={projectId} liveRunId={liveExtractionRunId} hasSource={Boolean(sourcePath)} />}
      className="mb-6"
    >
      <div data-testid="project-description">
        {description.trim() ? (
          <DescriptionClamp>
            <Markdown>{description}</Markdown>
          </DescriptionClamp>
        ) : (
          <p className="text-sm text-zinc-500 italic dark:text-zinc-400">No description yet.</p>
        )}
      </div>
    </Card>
  );
}
