using System.Diagnostics;
using System.Runtime.CompilerServices;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Tailing;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One contender in one cell, from its fresh log to its verdict: it is warmed up once, measured once per round (the
/// cell runner interleaves it with the other contenders), then stopped and checked. Everything it commits goes to
/// its ledger; only the measured rounds count in its figures.
/// </summary>
internal sealed class ContenderCase
{
    private readonly IEventLog _log;
    private readonly CaseClock _clock;
    private readonly RoundTotals _totals = new();
    private long _logSizeAtStart;
    private string? _failure;
    private readonly CaseReaders _readers;
    private readonly ContentionTally _contention = new();

    /// <summary>How often a measured round samples the process's working set.</summary>
    internal static readonly TimeSpan WorkingSetEvery = TimeSpan.FromMilliseconds(50);

    // Whether any measured window, qualifying or not, saw a commit of this case acknowledged.
    private bool _acknowledgedInAWindow;
    private readonly ICommandRunner _commands;
    private readonly RetryStop _retryStop;
    private long _eventsInLog;

    private ContenderCase(CellKey cell, IEventLog store, IContender contender, RetryStop retryStop, CaseSettings cases, CancellationToken run)
    {
        Cell = cell;
        _log = store;
        Contender = contender;
        _retryStop = retryStop;
        Slots = new CommitterSlots(cell, cases.PayloadBytes, cases.Skew);
        _clock = new CaseClock(cases.Timeout, run);
        _readers = new CaseReaders(store, contender.Guarantees);
        // The ceiling writes the same rows, checking nothing, as fast as it can in every mode: owners would only slow it.
        _commands = CommandRunners.For(
            contender.IsCeiling ? CommandMode.Optimistic : cell.Commands, new CommandAttempts(contender, store, Ledger, Slots, _readers, _contention, cases.ConflictRetries), Slots, contender.TakesWholeGroups);
    }

    public CellKey Cell { get; }

    public IContender Contender { get; }

    public CommitterSlots Slots { get; }

    public CommitLedger Ledger { get; } = new();

    public LatencyHistogram CommitLatency { get; } = new();

    public LatencyHistogram GroupLatency { get; } = new();

    /// <summary>The tailing readers following the log during a measured round of a load they follow; none otherwise.</summary>
    public IReadOnlyList<TailingReader> Readers => _readers.Following;

    /// <summary>
    /// Cancelled by the run's cancellation, or when the contender's own time (its warmup and its rounds, not the other
    /// contenders' turns) reaches --case-timeout.
    /// </summary>
    public CancellationToken Token => _clock.Token;

    public bool Failed => _failure is not null;

    /// <summary>The events its log holds as far as its callers were told: what the verifier will read back.</summary>
    public long EventsInLog => Interlocked.Read(ref _eventsInLog);

    /// <summary>Where its turns' time went so far (the store's settling before each is its cell's to add).</summary>
    public TurnTime TurnTime { get; private set; } = TurnTime.None;

    /// <summary>
    /// Creates the fresh log, fills it, builds the contender and warms it up unmeasured; a failure is kept as the case's
    /// cause. Null when the strategy does not take the cell's commits (conditional commits where it or the store does not
    /// keep append conditions): it has no case in the cell.
    /// </summary>
    /// <param name="registration">The strategy; null for the ceiling variant named <paramref name="ceilingVariant"/>.</param>
    public static async Task<ContenderCase?> StartAsync(
        CellKey cell, StrategyRegistration? registration, string? ceilingVariant, IEventStoreProvider provider, CaseSettings cases, MeasurementSettings settings, CancellationToken run)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(cases);
        ArgumentNullException.ThrowIfNull(settings);
        var store = cell.Durability is { } durability
            ? await provider.CreateFreshLogAsync(durability, run).ConfigureAwait(false)
            : await provider.CreateFreshLogAsync(run).ConfigureAwait(false);
        var retryStop = new RetryStop();
        IContender contender = registration is null
            ? RawCeiling.Create(ceilingVariant ?? throw new ArgumentNullException(nameof(ceilingVariant)), store, cell)
            : new StrategyContender(registration.Create(store, new CommitStrategyOptions { Retry = new CommitRetryOptions { Stop = retryStop } }), store);
        if (cell.Method == BenchmarkMethod.CommitConditionalEvents && contender.Guarantees is { } claims
            && (!claims.KeepsAppendConditions || store.Lacks(StoreFeature.AppendConditions) is not null))
        {
            await contender.DisposeAsync().ConfigureAwait(false);
            await store.DisposeAsync().ConfigureAwait(false);
            return null;
        }

        var target = new ContenderCase(cell, store, contender, retryStop, cases, run);
        using var phase = target._clock.StartPhase();
        try
        {
            await LogPrefill.WriteAsync(store, target.Ledger, cases.Prefill, cases.PayloadBytes, run).ConfigureAwait(false);
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

        using var phase = _clock.StartPhase();
        try
        {
            // A collection suspends every thread, and one of the young generation's that lands in a window of a tenth of a
            // second takes a large part of it from whichever contender is measured. Collected here, before the round (as
            // BenchmarkDotNet collects before each iteration), the young generations start it empty, and the next
            // collection is due only after the window has allocated a budget's worth.
            var turnStarted = Stopwatch.GetTimestamp();
            GC.Collect(1, GCCollectionMode.Forced, blocking: true, compacting: false);
            var collected = Stopwatch.GetTimestamp();
            var start = RoundTotals.Begin(Contender);
            if (qualifying && settings.ReadersFollow(Cell.Load) && !Contender.IsCeiling)
            {
                await _readers.StartAsync(settings.Reader, Token).ConfigureAwait(false);
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

            var loaded = Stopwatch.GetTimestamp();
            await _readers.StopAsync(Token).ConfigureAwait(false);
            _totals.Add(start, Contender, sample, memory.PeakBytes);
            // Between windows: the ledger's digests are not part of any contender's figure.
            Ledger.Settle();
            var load = (loaded - collected) / (double)Stopwatch.Frequency;
            TurnTime = TurnTime.Plus(new TurnTime(
                1, 0, (collected - turnStarted) / (double)Stopwatch.Frequency, Math.Max(0, load - sample.DrainSeconds), Math.Min(load, sample.DrainSeconds),
                Stopwatch.GetElapsedTime(loaded).TotalSeconds));
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
            await _readers.AbandonAsync().ConfigureAwait(false);
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
        _totals.Reset();
        _contention.Reset();
    }

    /// <summary>
    /// Runs commands to their end in the cell's command mode, as their application would: each attempt's outcome goes
    /// to the ledger and to the readers following the round; an acknowledged command moves its aggregate on; in a
    /// contended cell, a command whose commit conflicts learns its aggregate's version and is tried again, up to
    /// --conflict-retries times, then given up. Any other failure (and a conflict where commits cannot conflict) fails
    /// the case: it is thrown.
    /// </summary>
    /// <returns>The acknowledged commands and their events (given-up commands count in neither).</returns>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<(int Commits, long Events)> RunCommandsAsync(IReadOnlyList<CommitterCommand> commands, bool measured)
    {
        ArgumentNullException.ThrowIfNull(commands);
        var (commits, events) = await _commands.RunAsync(commands, measured, Token).ConfigureAwait(false);
        _contention.Committed(commits, events);
        Interlocked.Add(ref _eventsInLog, events);
        return (commits, events);
    }

    /// <summary>
    /// Stops the strategy retrying transient failures while a round drains (its window closed, the commits in flight
    /// left): none of them can count any more, and a strategy retrying its way through a hundred of them would only keep
    /// the next contender waiting. A commit stopped so is known not to have landed; the ledger has it as failed and the
    /// verifier checks that. A contended cell's retries go on: its commands are tallied to their end, and a stopped
    /// commit would turn the next one its owner handed on into a conflict.
    /// </summary>
    public void StopRetries()
    {
        if (!Slots.Contended)
        {
            _retryStop.Stop();
        }
    }

    /// <summary>Lets the strategy retry again, before the next round starts.</summary>
    public void ResumeRetries() => _retryStop.Resume();

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
            await _log.DisposeAsync().ConfigureAwait(false);
            _clock.Dispose();
        }

        // It ran, but nothing it acknowledged fell inside a measured window: it has no figure, and the page says why.
        // (Whoever measured it: the race's rounds, or the sweep's steps, which are not race rounds.)
        if (_failure is null && !_acknowledgedInAWindow)
        {
            _failure = "no commit acknowledged inside its measured windows (its commands conflicted and were given up, or outlasted every window)";
        }

        return new CaseResult(
            Cell, Contender.Name, Contender.IsCeiling,
            RaceResult.Unjudged(qualifying, rounds, exit),
            new WriteSummary(
                _totals.Commits, CommitLatency.Summary(), GroupLatency.Summary(), _totals.Batches,
                Contender.IsCeiling ? null : _totals.RetriesPerCommit, Contender.IsCeiling ? null : _totals.ConflictsPerCommit,
                _logSizeAtStart, logSizeAtEnd),
            new ProcessCost(_totals.AllocatedBytesPerEvent, _totals.PeakWorkingSetBytes, _totals.CpuShare, _totals.GcPauseShare),
            _readers.WithFindings(verification),
            new TailingReaderSummaries(
                _readers.SummaryOf(TailingReaderKind.Naive), _readers.SummaryOf(TailingReaderKind.HighWaterMark), _readers.SummaryOf(TailingReaderKind.TransactionHorizon)),
            Slots.Contended ? _contention.Summary(verification.AggregateCommitsChecked) : null,
            _failure);
    }

    private void Fail(Exception exception)
    {
        _failure ??= FailureCause.Of(_clock.CauseOf(exception));
        var latency = CommitLatency.Summary() ?? GroupLatency.Summary();
        if (latency is not null)
        {
            // A slow case that timed out still says how slow it was.
            _failure += string.Create(System.Globalization.CultureInfo.InvariantCulture,
                $" Before that: {latency.Count} commits measured, median {latency.P50Ms:0} ms, p95 {latency.P95Ms:0} ms, p99 {latency.P99Ms:0} ms.");
        }
    }

    private async Task<long> CountEventsAsync()
    {
        await using var session = await _log.OpenAutoCommitSessionAsync(CancellationToken.None).ConfigureAwait(false);
        return await session.CountEventsAsync(CancellationToken.None).ConfigureAwait(false);
    }
}
