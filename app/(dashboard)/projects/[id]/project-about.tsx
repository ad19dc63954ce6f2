import { Card } from "@/app/_components/card";
import { Markdown } from "@/app/_components/markdown";
import { AutoExtractButton } from "./auto-extract-button";
import { DescriptionClamp } from "./description-clamp";
import { ProjectSourceLine } from "./project-source";
import type { ProjectSource } from "../source-words";
import type { StorageFigures } from "../storage-usage-line";

type Props = {
  projectId: number;
  description: string;
  source: ProjectSource;
  liveExtractionRunId: number | null;
  storage: StorageFigures;
};

/** The project description (Markdown, written by hand or by Auto-extract) with the source and Auto-extract beside it. */
export function ProjectAbout({ projectId, description, source, liveExtractionRunId, storage }: Props) {
  return (
    <Card
      title="Description"
      description="Drafts use it as context. Auto-extract writes it from the project's source."
      actions={<AutoExtractButton projectId={projectId} liveRunId={liveExtractionRunId} hasSource={source !== null} />}
      className="mb-6"
    >
      <div className="mb-4">
        <ProjectSourceLine projectId={projectId} source={source} storage={storage} />
      </div>
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
