using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Readers;
using EventCommitLab.Harness.Results;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// One contender in one cell, from its fresh log to its verdict: it is warmed up once, measured once per round (the
/// cell runner interleaves it with the other contenders), then stopped and checked. Everything it commits goes to
/// its ledger; only the measured rounds count in its figures.
/// </summary>
internal sealed class ContenderCase
{
    private readonly IEventLog _store;
    private readonly TimeSpan _timeout;
    private TimeSpan _timeLeft;
    private CancellationTokenSource _phase;
    private readonly CancellationToken _run;
    private CommitCountersSnapshot _counters = CommitCountersSnapshot.Zero;
    private long _commits;
    private long _events;
    private long _allocated;
    private long _logSizeAtStart;
    private string? _failure;
    private readonly Dictionary<TailingReaderKind, (ReaderRound Seen, LatencyHistogram Lag)> _readers = [];

    /// <summary>How often a measured round samples the process's working set.</summary>
    internal static readonly TimeSpan WorkingSetEvery = TimeSpan.FromMilliseconds(50);

    // Whether any measured window, qualifying or not, saw a commit of this case acknowledged.
    private bool _acknowledgedInAWindow;
    private long _peakWorkingSet;
    private readonly int _conflictRetries;
    private long _conflicts;
    private long _retries;
    private long _givenUp;
    private long _wastedEvents;
    private long _committedCommands;
    private long _committedEvents;
    private long _eventsInLog;

    private ContenderCase(CellKey cell, IEventLog store, IContender contender, HarnessOptions options, CancellationToken run)
    {
        Cell = cell;
        _store = store;
        Contender = contender;
        Slots = new CommitterSlots(cell, options.PayloadBytes, options.Skew);
        _conflictRetries = options.ConflictRetries;
        var timeout = options.CaseTimeout;
        _timeout = timeout;
        _run = run;
        _timeLeft = timeout;
        _phase = CancellationTokenSource.CreateLinkedTokenSource(run);
    }

    public CellKey Cell { get; }

    public IContender Contender { get; }

    public CommitterSlots Slots { get; }

    public CommitLedger Ledger { get; } = new();

    public LatencyHistogram CommitLatency { get; } = new();

    public LatencyHistogram GroupLatency { get; } = new();

    /// <summary>The tailing readers following the log during a measured round of a load they follow; none otherwise.</summary>
    public IReadOnlyList<TailingReader> Readers { get; private set; } = [];

    /// <summary>
    /// Cancelled by the run's cancellation, or when the contender's own time (its warmup and its rounds, not the other
    /// contenders' turns) reaches --case-timeout.
    /// </summary>
    public CancellationToken Token => _phase.Token;

    public bool Failed => _failure is not null;

    /// <summary>The events its log holds as far as its callers were told: what the verifier will read back.</summary>
    public long EventsInLog => Interlocked.Read(ref _eventsInLog);

    /// <summary>
    /// Creates the fresh log, fills it, builds the contender and warms it up unmeasured; a failure is kept as the case's
    /// cause. Null when the strategy does not take the cell's commits (conditional commits where it or the store does not
    /// keep append conditions): it has no case in the cell.
    /// </summary>
    /// <param name="registration">The strategy; null for the ceiling variant named <paramref name="ceilingVariant"/>.</param>
    public static async Task<ContenderCase?> StartAsync(
        CellKey cell, StrategyRegistration? registration, string? ceilingVariant, IEventStoreProvider provider, HarnessOptions options, MeasurementSettings settings, CancellationToken run)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(settings);
        var store = cell.Durability is { } durability
            ? await provider.CreateFreshStoreAsync(durability, run).ConfigureAwait(false)
            : await provider.CreateFreshStoreAsync(run).ConfigureAwait(false);
        IContender contender = registration is null
            ? RawCeiling.Create(ceilingVariant ?? throw new ArgumentNullException(nameof(ceilingVariant)), store, cell)
            : new StrategyContender(registration.Create(store, new CommitStrategyOptions()), store);
        if (cell.Method == BenchmarkMethod.CommitConditionalEvents && contender.Guarantees is { } claims
            && (!claims.KeepsAppendConditions || store.Lacks(StoreFeature.AppendConditions) is not null))
        {
            await contender.DisposeAsync().ConfigureAwait(false);
            await store.DisposeAsync().ConfigureAwait(false);
            return null;
        }

        var target = new ContenderCase(cell, store, contender, options, run);
        using var phase = target.StartPhase();
        try
        {
            await LogPrefill.WriteAsync(store, target.Ledger, options.Prefill, options.PayloadBytes, run).ConfigureAwait(false);
            target._logSizeAtStart = await target.CountEventsAsync().ConfigureAwait(false);
            target._eventsInLog = target._logSizeAtStart;
            _ = cell.Load == LoadKind.Waves
                ? await WaveLoad.RunAsync(target, TimeSpan.Zero, measured: false).ConfigureAwait(false)
                : await SustainedLoad.RunAsync(target, TimeSpan.Zero, TimeSpan.FromSeconds(settings.WindowSeconds / 2), settings.RateEventsPerSecond, measured: false).ConfigureAwait(false);
            target.Ledger.Settle();
        }
        catch (Exception e)
        {
            target.Fail(e);
        }

        return target;
    }

    /// <summary>
    /// Measures one round: its events/s, or null when the case has failed (then or before). The qualifying round is the
    /// one the tailing readers follow, where the settings have them follow this load; the race rounds run without them.
    /// </summary>
    public async Task<double?> MeasureRoundAsync(MeasurementSettings settings, bool qualifying)
    {
        ArgumentNullException.ThrowIfNull(settings);
        if (Failed)
        {
            return null;
        }

        using var phase = StartPhase();
        try
        {
            var counters = Contender.Counters;
            var allocated = GC.GetTotalAllocatedBytes(precise: false);
            if (qualifying && settings.ReadersFollow(Cell.Load) && !Contender.IsCeiling)
            {
                Readers = await StartReadersAsync(settings.Reader).ConfigureAwait(false);
            }

            RoundSample sample;
            var memory = WorkingSetSampler.Start(WorkingSetEvery);
            await using (memory.ConfigureAwait(false))
            {
                sample = Cell.Load == LoadKind.Waves
                    ? await WaveLoad.RunAsync(this, TimeSpan.FromSeconds(settings.WindowSeconds), measured: true).ConfigureAwait(false)
                    : await SustainedLoad.RunAsync(this, TimeSpan.FromSeconds(settings.RampSeconds), TimeSpan.FromSeconds(settings.WindowSeconds), settings.RateEventsPerSecond, measured: true)
                        .ConfigureAwait(false);
            }

            _peakWorkingSet = Math.Max(_peakWorkingSet, memory.PeakBytes);
            foreach (var reader in Readers)
            {
                // After the load: every commit of the round is answered, so what the reader passed is final.
                var round = await reader.StopAsync(Token).ConfigureAwait(false);
                var (seen, lag) = _readers[reader.Kind];
                _readers[reader.Kind] = (seen + round, lag);
            }

            Readers = [];

            _allocated += GC.GetTotalAllocatedBytes(precise: false) - allocated;
            _counters += Contender.Counters - counters;
            _commits += sample.Commits;
            _events += sample.Events;
            // Between windows: the ledger's digests are not part of any contender's figure.
            Ledger.Settle();
            _acknowledgedInAWindow |= sample.EventsPerSecond is > 0;
            return sample.EventsPerSecond;
        }
        catch (Exception e)
        {
            Fail(e);
            return null;
        }
        finally
        {
            var abandoned = Readers;
            Readers = [];
            foreach (var reader in abandoned)
            {
                await reader.StopFollowingAsync().ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// Forgets what the qualifying round measured (its latency, allocations, counters): a contender that races on is
    /// described by its race rounds alone, which ran without readers and after a longer warm-up.
    /// </summary>
    public void BeginRaceRounds()
    {
        CommitLatency.Reset();
        GroupLatency.Reset();
        _counters = CommitCountersSnapshot.Zero;
        _commits = 0;
        _events = 0;
        _allocated = 0;
        _peakWorkingSet = 0;
        _conflicts = _retries = _givenUp = _wastedEvents = _committedCommands = _committedEvents = 0;
    }

    /// <summary>
    /// Runs commands to their end, as their application would: each attempt's outcome goes to the ledger and to the
    /// readers following the round; an acknowledged command moves its aggregate on; in a contended cell, a command whose
    /// commit conflicts learns its aggregate's version (from the conflict's answer, else the store) and is tried again, up to --conflict-retries times, then given up. Any
    /// other failure (and a conflict where commits cannot conflict) fails the case: it is thrown.
    /// </summary>
    /// <returns>The acknowledged commands and their events (given-up commands count in neither).</returns>
    public async Task<(int Commits, long Events)> RunCommandsAsync(IReadOnlyList<Command> commands, bool measured)
    {
        ArgumentNullException.ThrowIfNull(commands);
        var pending = commands;
        int commits = 0;
        long events = 0;
        while (pending.Count > 0)
        {
            var outcomes = await Contender.CommitAsync([.. pending.Select(c => c.Request)], Token).ConfigureAwait(false);
            var answered = System.Diagnostics.Stopwatch.GetTimestamp();
            foreach (var reader in Readers)
            {
                reader.Acknowledged(outcomes, answered);
            }

            Exception? failure = null;
            // Made only when a commit conflicts: every measured commit passes here, and almost none conflict.
            List<(Command Command, Exception Conflict)>? conflicted = null;
            for (var i = 0; i < outcomes.Count; i++)
            {
                var (command, outcome) = (pending[i], outcomes[i]);
                Ledger.Record(outcome);
                if (outcome.Result is { } result)
                {
                    Slots.Acknowledged(command, result);
                    commits++;
                    events += command.Request.Events.Count;
                }
                else if (Slots.Contended && outcome.Failure is ConcurrencyConflictException or AppendConditionFailedException)
                {
                    Interlocked.Increment(ref _conflicts);
                    Interlocked.Add(ref _wastedEvents, command.Request.Events.Count);
                    if (command.Attempt <= _conflictRetries)
                    {
                        (conflicted ??= []).Add((command, outcome.Failure));
                    }
                    else
                    {
                        Interlocked.Increment(ref _givenUp);
                    }
                }
                else
                {
                    failure ??= outcome.Failure;
                }
            }

            if (failure is not null)
            {
                throw failure;
            }

            if (conflicted is null)
            {
                break;
            }

            await Slots.RefreshAsync(conflicted, _store, Token).ConfigureAwait(false);
            Interlocked.Add(ref _retries, conflicted.Count);
            pending = [.. conflicted.Select(c => Slots.Retry(c.Command, measured))];
        }

        Interlocked.Add(ref _committedCommands, commits);
        Interlocked.Add(ref _committedEvents, events);
        Interlocked.Add(ref _eventsInLog, events);
        return (commits, events);
    }

    /// <summary>Stops the contender, checks its log, removes the log and says what was measured.</summary>
    /// <param name="qualifying">Its qualifying round's events/s.</param>
    /// <param name="rounds">Its race rounds' events/s in race order, null where it did not run.</param>
    /// <param name="exit">Why it left the race before the end; null when it ran to the end.</param>
    public async Task<CaseResult> FinishAsync(double? qualifying, IReadOnlyList<double?> rounds, RaceExit? exit)
    {
        ArgumentNullException.ThrowIfNull(rounds);
        var verification = VerificationTally.NotChecked;
        long logSizeAtEnd = 0;
        try
        {
            verification = await Contender.StopAndCheckAsync(Ledger, _logSizeAtStart, CancellationToken.None).ConfigureAwait(false);
            logSizeAtEnd = await CountEventsAsync().ConfigureAwait(false);
        }
        catch (Exception e)
        {
            _failure ??= $"verification failed: {FailureCause.Of(e)}";
        }
        finally
        {
            await Contender.DisposeAsync().ConfigureAwait(false);
            await _store.DisposeAsync().ConfigureAwait(false);
            _phase.Dispose();
        }

        // It ran, but nothing it acknowledged fell inside a measured window: it has no figure, and the page says why.
        // (Whoever measured it: the race's rounds, or the sweep's steps, which are not race rounds.)
        if (_failure is null && !_acknowledgedInAWindow)
        {
            _failure = "no commit acknowledged inside its measured windows (its commands conflicted and were given up, or outlasted every window)";
        }

        var commits = Math.Max(_commits, 1);
        return new CaseResult(
            Cell.Load, Cell.Method, Cell.NumberOfEvents, Cell.ConcurrentBatches, Contender.Name, Contender.IsCeiling,
            EventsPerSecond: null, [.. rounds], rounds.Count(r => r is not null), StoppedEarly: exit is not null,
            RatioToCeiling: null, IsBest: false, TiedWithBest: false,
            CommitLatency.Summary(), GroupLatency.Summary(),
            Contender.IsCeiling ? null : (double)_counters.Retries / commits,
            Contender.IsCeiling ? null : (double)_counters.Conflicts / commits,
            _counters.Batches > 0
                ? new BatchSizeSummary(
                    _counters.Batches, (double)_counters.CommitsInBatches / _counters.Batches, _counters.BatchSizeBuckets,
                    TicksToMs(_counters.QueueWaitTicks) / Math.Max(_counters.CommitsInBatches, 1), TicksToMs(_counters.WriteTicks) / _counters.Batches,
                    (double)_counters.InFlightSum / _counters.Batches)
                : null,
            _events > 0 ? (double)_allocated / _events : null,
            _commits, _logSizeAtStart, logSizeAtEnd, WithReaderFindings(verification), _failure,
            ReaderSummaryOf(TailingReaderKind.Naive), ReaderSummaryOf(TailingReaderKind.HighWaterMark), ReaderSummaryOf(TailingReaderKind.TransactionHorizon),
            qualifying, exit, Cell.Aggregates,
            Slots.Contended ? new ContentionSummary(_committedCommands, _conflicts, _retries, _givenUp, _wastedEvents, _committedEvents, verification.AggregateCommitsChecked) : null,
            Cell.Durability,
            _peakWorkingSet > 0 ? _peakWorkingSet : null);
    }

    private ReaderSummary? ReaderSummaryOf(TailingReaderKind kind) =>
        _readers.TryGetValue(kind, out var reader)
            ? new ReaderSummary(reader.Seen.Delivered, reader.Seen.Skipped, reader.Lag.Summary(), reader.Seen.Polls, reader.Seen.FirstSkipped,
                reader.Seen.Stalls, reader.Seen.StalledMs, reader.Seen.LongestStallMs, reader.Seen.GapsDeclared)
            : null;

    /// <summary>
    /// The readers the settings ask for: the naive one, and with all of them the high-water-mark reader, and the
    /// transaction-horizon reader where the strategy stores transaction ids for it (it claims ordered visibility below the horizon).
    /// </summary>
    private async Task<IReadOnlyList<TailingReader>> StartReadersAsync(ReaderKind selection)
    {
        if (selection == ReaderKind.None)
        {
            return [];
        }

        var start = await HighestSequenceNumberAsync().ConfigureAwait(false);
        var readers = new List<TailingReader>();
        try
        {
            if (Contender.Guarantees?.HorizonOrderedVisibility == true && selection == ReaderKind.All)
            {
                readers.Add(await TransactionHorizonReader.StartAsync(_store, LagOf(TailingReaderKind.TransactionHorizon), Token).ConfigureAwait(false));
            }

            readers.Add(NaiveReader.Start(_store, start, LagOf(TailingReaderKind.Naive)));
            if (selection == ReaderKind.All)
            {
                readers.Add(HighWaterMarkReader.Start(_store, start, LagOf(TailingReaderKind.HighWaterMark)));
            }

            return readers;
        }
        catch
        {
            foreach (var reader in readers)
            {
                await reader.StopFollowingAsync().ConfigureAwait(false);
            }

            throw;
        }

        LatencyHistogram LagOf(TailingReaderKind kind)
        {
            if (!_readers.TryGetValue(kind, out var reader))
            {
                reader = (new ReaderRound(0, 0, 0, null), new LatencyHistogram());
                _readers[kind] = reader;
            }

            return reader.Lag;
        }
    }

    /// <summary>The naive reader's skips checked against ordered visibility, the horizon reader's against ordered visibility below the horizon.</summary>
    private VerificationTally WithReaderFindings(VerificationTally verification)
    {
        verification = ReaderFindings.With(verification, Seen(TailingReaderKind.Naive), ViolationKind.SkippedByReader,
            Contender.Guarantees?.OrderedVisibility == true, "a reader following the log");
        return ReaderFindings.With(verification, Seen(TailingReaderKind.TransactionHorizon), ViolationKind.SkippedByHorizonReader,
            Contender.Guarantees?.HorizonOrderedVisibility == true, "a reader stopping below the transaction horizon");

        ReaderRound? Seen(TailingReaderKind kind) => _readers.TryGetValue(kind, out var reader) ? reader.Seen : null;
    }

    private async Task<long> HighestSequenceNumberAsync()
    {
        await using var session = await _store.OpenAutoCommitSessionAsync(Token).ConfigureAwait(false);
        return await session.ReadHighestSequenceNumberAsync(Token).ConfigureAwait(false) ?? -1;
    }

    private static double TicksToMs(long ticks) => ticks * 1000.0 / System.Diagnostics.Stopwatch.Frequency;

    private void Fail(Exception exception)
    {
        var cause = _run.IsCancellationRequested ? new OperationCanceledException("The run was cancelled.", exception)
            : _phase.IsCancellationRequested ? new CaseTimedOutException(_timeout, exception)
            : exception;
        _failure ??= FailureCause.Of(cause);
        var latency = CommitLatency.Summary() ?? GroupLatency.Summary();
        if (latency is not null)
        {
            // A slow case that timed out still says how slow it was.
            _failure += string.Create(System.Globalization.CultureInfo.InvariantCulture,
                $" Before that: {latency.Count} commits measured, median {latency.P50Ms:0} ms, p95 {latency.P95Ms:0} ms, p99 {latency.P99Ms:0} ms.");
        }
    }

    /// <summary>A stretch of this contender's own time; disposing it charges the time spent to its budget.</summary>
    private Phase StartPhase()
    {
        _phase.Dispose();
        _phase = CancellationTokenSource.CreateLinkedTokenSource(_run);
        _phase.CancelAfter(_timeLeft > TimeSpan.Zero ? _timeLeft : TimeSpan.FromMilliseconds(1));
        return new Phase(this, System.Diagnostics.Stopwatch.GetTimestamp());
    }

    private async Task<long> CountEventsAsync()
    {
        await using var session = await _store.OpenAutoCommitSessionAsync(CancellationToken.None).ConfigureAwait(false);
        return await session.CountEventsAsync(CancellationToken.None).ConfigureAwait(false);
    }

    private readonly struct Phase(ContenderCase owner, long started) : IDisposable
    {
        public void Dispose() => owner._timeLeft -= System.Diagnostics.Stopwatch.GetElapsedTime(started);
    }
}
