/** What one step of a flow did, and how to take it back. */
export interface StepResult<T> {
  value: T;
  /** undoes the step; absent when there is nothing to undo (a read, a check) */
  undo?: () => Promise<void>;
}

export type RunStep = <T>(name: string, run: () => Promise<StepResult<T>>) => Promise<T>;

/** A flow failed, and some of its completed steps could not be undone: someone must look. */
export class CompensationError extends Error {
  constructor(
    override readonly cause: unknown,
    /** the steps whose undo failed, with their errors */
    readonly failedUndos: { step: string; error: unknown }[],
  ) {
    super(
      `flow failed and ${failedUndos.length} step(s) could not be undone: ${failedUndos.map((f) => f.step).join(', ')}`,
    );
    this.name = 'CompensationError';
  }
}

/**
 * Runs a flow that touches an outside system (a gateway charge, a carrier, a mailer) as steps
 * that each return what they did and how to undo it (Medusa's steps with compensation). When a
 * step fails, the completed steps are undone in reverse order and the step's error is thrown;
 * when an undo fails too, a CompensationError names the steps left done, so they can be
 * reconciled. Database writes that can share one transaction need no step: they roll back.
 */
export async function runFlow<T>(flow: (step: RunStep) => Promise<T>): Promise<T> {
  const done: { name: string; undo: () => Promise<void> }[] = [];
  const step: RunStep = async (name, run) => {
    const result = await run();
    if (result.undo) done.push({ name, undo: result.undo });
    return result.value;
  };
  try {
    return await flow(step);
  } catch (error) {
    const failedUndos: { step: string; error: unknown }[] = [];
    for (const { name, undo } of done.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        failedUndos.push({ step: name, error: undoError });
      }
    }
    if (failedUndos.length > 0) throw new CompensationError(error, failedUndos);
    throw error;
  }
}
