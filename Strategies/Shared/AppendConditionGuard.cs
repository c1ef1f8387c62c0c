using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>The check of a conditional commit inside its transaction, for the strategies that claim to keep conditions.</summary>
internal static class AppendConditionGuard
{
    /// <summary>
    /// Throws when the log holds an event matching the request's condition; does nothing for a request without one.
    /// Call it once the transaction holds what serialises the commit against its rivals, never before: the check sees
    /// only what was committed when it started.
    /// </summary>
    /// <exception cref="AppendConditionFailedException">The condition failed; the caller's transaction must not commit.</exception>
    public static async Task EnsureAsync(IStoreSession session, CommitRequest request, CancellationToken cancellationToken)
    {
        if (request.Condition is { } condition && await session.AnyEventMatchesAsync(condition, cancellationToken).ConfigureAwait(false))
        {
            throw new AppendConditionFailedException(request.CommitId, condition);
        }
    }
}
