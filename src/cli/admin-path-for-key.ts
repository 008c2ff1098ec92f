interface RunsAnswer {
  readonly runs?: readonly { readonly id: string; readonly writeKeys?: readonly string[] }[];
}

/**
 * The path of the admin API that owns `writeKey` on the mock at `origin`: `/__harness/runs/{id}` when a run owns
 * it (the collection API sends its calls there), else the default run's `/__harness`. A mock that lists no runs
 * answers for the default run. Throws what fetch throws when nothing answers.
 */
export async function adminPathForKey(origin: URL, writeKey: string): Promise<string> {
  const answer = await fetch(new URL('/__harness/runs', origin), { signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) return '/__harness';
  const { runs } = (await answer.json()) as RunsAnswer;
  const owner = runs?.find((run) => run.id !== 'default' && run.writeKeys?.includes(writeKey) === true);
  return owner === undefined ? '/__harness' : `/__harness/runs/${encodeURIComponent(owner.id)}`;
}
