using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>The aggregate version check every strategy makes, in the same session as the commit's events.</summary>
internal static class AggregateVersionGuard
{
    /// <summary>Advances the request's aggregate, if any; null when it could, the conflict when it could not.</summary>
    public static async Task<ConcurrencyConflictException?> TryAdvanceAsync(
        IStoreSession session, CommitRequest request, CancellationToken cancellationToken)
    {
        if (request.Aggregate is not { } expectation)
        {
            return null;
        }

        var check = await session.TryAdvanceAggregateVersionAsync(
            expectation.Aggregate, expectation.ExpectedVersion, request.NextAggregateVersion!.Value, cancellationToken).ConfigureAwait(false);
        return check.Advanced ? null : new ConcurrencyConflictException(expectation.Aggregate, expectation.ExpectedVersion, check.ActualVersion);
    }

    /// <summary>Advances the request's aggregate, if any, or throws the conflict.</summary>
    public static async Task EnsureAsync(IStoreSession session, CommitRequest request, CancellationToken cancellationToken)
    {
        if (await TryAdvanceAsync(session, request, cancellationToken).ConfigureAwait(false) is { } conflict)
        {
            throw conflict;
        }
    }

    public static CommitResult Acknowledge(CommitRequest request, IReadOnlyList<StoredEvent> written) =>
        new(request.CommitId, [.. written.Select(e => e.SequenceNumber)], request.NextAggregateVersion);
}
