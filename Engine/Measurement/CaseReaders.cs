using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Tailing;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The tailing readers that follow one case's log during its measured rounds, and what each kind saw over all of them:
/// started with a round, stopped after its load (every commit of it answered, so what they passed is final), summed.
/// </summary>
internal sealed class CaseReaders(IEventLog store, StrategyGuarantees? guarantees)
{
    private readonly Dictionary<TailingReaderKind, (ReaderRound Seen, LatencyHistogram Lag)> _seen = [];

    /// <summary>The readers following the log now; none outside a round they follow.</summary>
    public IReadOnlyList<TailingReader> Following { get; private set; } = [];

    /// <summary>
    /// Starts the readers the selection asks for: the naive one, and with all of them the high-water-mark reader, and
    /// the transaction-horizon reader where the strategy stores transaction ids for it (it claims ordered visibility
    /// below the horizon).
    /// </summary>
    public async Task StartAsync(ReaderKind selection, CancellationToken cancellationToken)
    {
        if (selection == ReaderKind.None)
        {
            return;
        }

        var start = await HighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false);
        var readers = new List<TailingReader>();
        try
        {
            if (guarantees?.HorizonOrderedVisibility == true && selection == ReaderKind.All)
            {
                readers.Add(await TransactionHorizonReader.StartAsync(store, LagOf(TailingReaderKind.TransactionHorizon), cancellationToken).ConfigureAwait(false));
            }

            readers.Add(NaiveReader.Start(store, start, LagOf(TailingReaderKind.Naive)));
            if (selection == ReaderKind.All)
            {
                readers.Add(HighWaterMarkReader.Start(store, start, LagOf(TailingReaderKind.HighWaterMark)));
            }

            Following = readers;
        }
        catch
        {
            foreach (var reader in readers)
            {
                await reader.StopFollowingAsync().ConfigureAwait(false);
            }

            throw;
        }
    }

    /// <summary>After the round's load: each reader reads to the end of what was acknowledged, and what it saw is added to its kind's.</summary>
    public async Task StopAsync(CancellationToken cancellationToken)
    {
        foreach (var reader in Following)
        {
            var round = await reader.StopAsync(cancellationToken).ConfigureAwait(false);
            var (seen, lag) = _seen[reader.Kind];
            _seen[reader.Kind] = (seen + round, lag);
        }

        Following = [];
    }

    /// <summary>Stops the readers still following (a round that failed), keeping nothing of this round.</summary>
    public async Task AbandonAsync()
    {
        var abandoned = Following;
        Following = [];
        foreach (var reader in abandoned)
        {
            await reader.StopFollowingAsync().ConfigureAwait(false);
        }
    }

    public ReaderSummary? SummaryOf(TailingReaderKind kind) =>
        _seen.TryGetValue(kind, out var reader)
            ? new ReaderSummary(reader.Seen.Delivered, reader.Seen.Skipped, reader.Lag.Summary(), reader.Seen.Polls, reader.Seen.FirstSkipped,
                reader.Seen.Stalls, reader.Seen.StalledMs, reader.Seen.LongestStallMs, reader.Seen.GapsDeclared)
            : null;

    /// <summary>The naive reader's skips checked against ordered visibility, the horizon reader's against ordered visibility below the horizon.</summary>
    public VerificationTally WithFindings(VerificationTally verification)
    {
        verification = ReaderFindings.With(verification, Seen(TailingReaderKind.Naive), ViolationKind.SkippedByReader,
            guarantees?.OrderedVisibility == true, "a reader following the log");
        return ReaderFindings.With(verification, Seen(TailingReaderKind.TransactionHorizon), ViolationKind.SkippedByHorizonReader,
            guarantees?.HorizonOrderedVisibility == true, "a reader stopping below the transaction horizon");

        ReaderRound? Seen(TailingReaderKind kind) => _seen.TryGetValue(kind, out var reader) ? reader.Seen : null;
    }

    private LatencyHistogram LagOf(TailingReaderKind kind)
    {
        if (!_seen.TryGetValue(kind, out var reader))
        {
            reader = (new ReaderRound(0, 0, 0, null), new LatencyHistogram());
            _seen[kind] = reader;
        }

        return reader.Lag;
    }

    private async Task<long> HighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
        return await session.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1;
    }
}
