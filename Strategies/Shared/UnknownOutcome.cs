using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Settles a write whose answer was lost by looking its commit up in the log, never by guessing: found, it was
/// written and the caller gets the numbers it holds; absent, nothing was written and the attempt may be repeated.
/// </summary>
internal static class UnknownOutcome
{
    /// <returns>The sequence numbers the commit holds in the log.</returns>
    /// <exception cref="WriteNotLandedException">The commit is not in the log: repeating the attempt cannot write it twice.</exception>
    /// <exception cref="CommitOutcomeUnknownException">The lookup failed too, or the caller cancelled: nobody knows yet.</exception>
    public static async Task<IReadOnlyList<long>> ResolveAsync(IEventStore store, Guid commitId, Exception unknown, CancellationToken cancellationToken)
    {
        IReadOnlyList<long>? found;
        try
        {
            found = await store.FindCommitAsync(commitId, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception lookup)
        {
            throw new CommitOutcomeUnknownException(
                commitId, $"{unknown.Message.Split('\n')[0].Trim()}; looking the commit up failed too ({lookup.GetType().Name}: {lookup.Message.Split('\n')[0].Trim()})", unknown);
        }

        return found ?? throw new WriteNotLandedException(unknown);
    }
}
