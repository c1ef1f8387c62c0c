using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Settles a write whose answer was lost by looking its commit up in the log, never by guessing: found, it was
/// written and the caller gets the numbers it holds; absent, nothing was written and the attempt may be repeated.
/// </summary>
internal static class UnknownOutcome
{
    private const int FirstWait = 50;
    private const int MaxWait = 2_000;
    private static readonly TimeSpan LookupFor = TimeSpan.FromSeconds(60);

    /// <returns>The sequence numbers the commit holds in the log.</returns>
    /// <exception cref="WriteNotLandedException">The commit is not in the log: repeating the attempt cannot write it twice.</exception>
    /// <exception cref="CommitOutcomeUnknownException">The lookup failed too, or the caller cancelled: nobody knows yet.</exception>
    public static async Task<IReadOnlyList<long>> ResolveAsync(IEventStore store, CommitCounters counters, Guid commitId, Exception unknown, CancellationToken cancellationToken)
    {
        var found = await ResolveAllAsync(store, counters, [commitId], unknown, cancellationToken).ConfigureAwait(false);
        return found.TryGetValue(commitId, out var numbers) ? numbers : throw new WriteNotLandedException(unknown);
    }

    /// <summary>The same for the commits of one lost write (a batch), read at once; each counts as one lost answer.</summary>
    /// <returns>The numbers of the commits the log holds; a commit it does not hold is not in the answer.</returns>
    /// <exception cref="CommitOutcomeUnknownException">The lookup failed too, or the caller cancelled (named by the first commit).</exception>
    public static async Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> ResolveAllAsync(
        IEventStore store, CommitCounters counters, IReadOnlyCollection<Guid> commitIds, Exception unknown, CancellationToken cancellationToken)
    {
        // A lost answer often means a server going down: the lookup waits for it to come back, within bounds.
        var until = DateTime.UtcNow + LookupFor;
        for (var wait = FirstWait; ; wait = Math.Min(wait * 2, MaxWait))
        {
            try
            {
                var found = await store.FindCommitsAsync(commitIds, cancellationToken).ConfigureAwait(false);
                foreach (var id in commitIds)
                {
                    counters.AddLostAnswer(written: found.ContainsKey(id));
                }

                return found;
            }
            catch (Exception lookup)
            {
                if (cancellationToken.IsCancellationRequested || DateTime.UtcNow + TimeSpan.FromMilliseconds(wait) > until || store.Classify(lookup) != StoreErrorKind.Transient)
                {
                    throw new CommitOutcomeUnknownException(
                        commitIds.First(), $"{unknown.Message.Split('\n')[0].Trim()}; looking the commit up failed too ({lookup.GetType().Name}: {lookup.Message.Split('\n')[0].Trim()})", unknown);
                }
            }

            await Task.Delay(wait, CancellationToken.None).ConfigureAwait(false);
        }
    }
}
