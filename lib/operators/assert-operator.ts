// The operator's routes answer like a missing route to everyone else: a customer learns nothing of the area.
import { notFound } from "@/lib/http/errors";
import { isOperator, type OperatorCandidate } from "@/lib/operators/is-operator";

export async function assertOperator(caller: OperatorCandidate): Promise<void> {
  if (!(await isOperator(caller))) throw notFound("Route");
}
