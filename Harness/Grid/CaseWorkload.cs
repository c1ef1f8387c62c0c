using System.Diagnostics;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Strategies.Verification;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// One case from setup to verdict: a fresh, optionally pre-filled log; the contender; waves of ConcurrentBatches
/// concurrent commits of NumberOfEvents events, each commit timed and written to the ledger; then the verifier.
/// </summary>
internal sealed class CaseWorkload
{
    private readonly CaseKey _key;
    private readonly IEventStore _store;
    private readonly ICommitStrategy? _strategy;
    private readonly RawCeiling? _ceiling;
    private readonly CommitLedger _ledger = new();
    private readonly LatencyRecorder _latencies = new();
    private readonly UncommittedEvent[][] _events;
    private readonly AggregateKey[] _aggregates;
    private readonly long[] _versions;
    private readonly CancellationTokenSource _deadline;
    private readonly TimeSpan _timeout;
    private CommitCountersSnapshot _countersAtStart = new(0, 0, 0);
    private long _logSizeAtStart;
    private long _waves;
    private readonly CancellationToken _cancellation;
    private string? _failure;

    private CaseWorkload(CaseKey key, IEventStore store, StrategyRegistration? registration, int payloadBytes, TimeSpan timeout, CancellationToken cancellation)
    {
        _key = key;
        _store = store;
        _strategy = registration?.Create(store, new CommitStrategyOptions());
        _ceiling = registration is null ? new RawCeiling(store) : null;
        var sample = new SampleEvents(payloadBytes);
        _aggregates = [.. Enumerable.Range(0, key.ConcurrentBatches).Select(i => new AggregateKey($"{Guid.NewGuid():N}", "Order"))];
        _events = [.. _aggregates.Select(a => sample.Create(a.EventSource, key.NumberOfEvents))];
        _versions = new long[key.ConcurrentBatches];
        _timeout = timeout;
        _deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        _deadline.CancelAfter(timeout);
        _cancellation = cancellation;
    }

    public CaseKey Key => _key;

    /// <summary>The strategy's claims; null for the ceiling.</summary>
    public StrategyGuarantees? Guarantees => _strategy?.Guarantees;

    /// <summary>Creates the fresh log, fills it, builds the contender and runs one unmeasured wave to open connections.</summary>
    public static async Task<CaseWorkload> StartAsync(
        CaseKey key, IEventStoreProvider provider, StrategyRegistration? registration, long prefill, int payloadBytes, TimeSpan timeout,
        CancellationToken cancellation)
    {
        var store = await provider.CreateFreshStoreAsync(CancellationToken.None);
        var workload = new CaseWorkload(key, store, registration, payloadBytes, timeout, cancellation);
        try
        {
            await LogPrefill.WriteAsync(store, workload._ledger, prefill, payloadBytes, CancellationToken.None);
            workload._logSizeAtStart = await CountAsync(store);
            await workload.RunWaveAsync(measured: false);
            workload._countersAtStart = workload._strategy?.Counters.Snapshot() ?? workload._countersAtStart;
            return workload;
        }
        catch (Exception e)
        {
            workload._failure ??= FailureCause.Of(e);
            return workload;
        }
    }

    public Task RunMeasuredWaveAsync() => RunWaveAsync(measured: true);

    /// <summary>Stops the contender (a pipeline drains), verifies the log against the ledger and removes the log.</summary>
    public async Task<CaseResult> FinishAsync()
    {
        var counters = _strategy is null ? null : _strategy.Counters.Snapshot() - _countersAtStart;
        VerificationReport? report = null;
        long logSizeAtEnd = 0;
        try
        {
            if (_strategy is not null)
            {
                await _strategy.DisposeAsync();
                report = await EventLogVerifier.VerifyAsync(_store, _ledger, _strategy.Guarantees, CancellationToken.None);
            }

            logSizeAtEnd = await CountAsync(_store);
        }
        catch (Exception e)
        {
            _failure ??= $"verification failed: {FailureCause.Of(e)}";
        }
        finally
        {
            await _store.DisposeAsync();
            _deadline.Dispose();
        }

        if (_failure is not null && _latencies.Count > 0)
        {
            // A slow case that timed out still says how slow it was.
            _failure += string.Create(System.Globalization.CultureInfo.InvariantCulture,
                $" Before that: {_waves} measured waves, median commit {_latencies.Percentile(50):0} ms, p99 {_latencies.Percentile(99):0} ms.");
        }

        var waves = Math.Max(_waves, 1);
        return new CaseResult(
            _key.Method.ToString(), _key.Contender, _strategy is null, _key.NumberOfEvents, _key.ConcurrentBatches,
            MeanMs: null, ErrorMs: null, StdDevMs: null, Iterations: null, EventsPerSecond: null, FractionOfCeiling: null,
            _latencies.Percentile(50), _latencies.Percentile(95), _latencies.Percentile(99), _latencies.Count, _waves,
            counters is null ? null : (double)counters.Retries / waves,
            counters is null ? null : (double)counters.Conflicts / waves,
            AllocatedBytesPerWave: null,
            _logSizeAtStart, logSizeAtEnd,
            report is null ? (_strategy is null ? "not verified (ceiling)" : "not verified") : report.ToString().Split('\n')[0],
            report?.Passed ?? _strategy is null,
            report is null ? [] : [.. report.Violations.GroupBy(v => (v.Kind, v.Severity)).Select(g => $"{g.Key.Kind} ({(g.Key.Severity == ViolationSeverity.Failure ? "failure" : "known weakness")}) x{g.Count()}: {g.First().Detail}")],
            _failure);
    }

    private async Task RunWaveAsync(bool measured)
    {
        if (_failure is not null)
        {
            // BenchmarkDotNet must see the case fail, not measure a no-op.
            throw new InvalidOperationException(_failure);
        }

        try
        {
            var wave = new CommitRequest[_key.ConcurrentBatches];
            for (var i = 0; i < wave.Length; i++)
            {
                wave[i] = _key.Method == BenchmarkMethod.CommitAggregateEvents
                    ? CommitRequest.ForAggregate(_aggregates[i], _versions[i], _events[i])
                    : CommitRequest.ForEvents(_events[i]);
            }

            if (_ceiling is not null)
            {
                var started = Stopwatch.GetTimestamp();
                await _ceiling.WriteAsync(wave, _deadline.Token);
                Record(measured, started, wave.Length);
                AdvanceVersions(wave);
            }
            else if (_strategy is IWaveCommitStrategy waveStrategy)
            {
                var started = Stopwatch.GetTimestamp();
                var outcomes = await waveStrategy.CommitWaveAsync(wave, _deadline.Token);
                Record(measured, started, wave.Length);
                foreach (var outcome in outcomes)
                {
                    _ledger.Record(outcome);
                }

                ThrowFirstFailure(outcomes);
                AdvanceVersions(wave);
            }
            else
            {
                var commits = new Task<CommitOutcome>[wave.Length];
                for (var i = 0; i < wave.Length; i++)
                {
                    commits[i] = CommitTimedAsync(wave[i], measured);
                }

                var outcomes = await Task.WhenAll(commits);
                ThrowFirstFailure(outcomes);
                AdvanceVersions(wave);
            }

            if (measured)
            {
                Interlocked.Increment(ref _waves);
            }
        }
        catch (Exception e)
        {
            var cause = _cancellation.IsCancellationRequested ? new OperationCanceledException("The run was cancelled.", e)
                : _deadline.IsCancellationRequested ? new CaseTimedOutException(_timeout, e)
                : e;
            _failure ??= FailureCause.Of(cause);
            throw new InvalidOperationException(_failure, cause);
        }
    }

    private async Task<CommitOutcome> CommitTimedAsync(CommitRequest request, bool measured)
    {
        var started = Stopwatch.GetTimestamp();
        var outcome = await _ledger.RecordAsync(request, r => _strategy!.CommitAsync(r, _deadline.Token));
        if (measured)
        {
            _latencies.Add(started);
        }

        return outcome;
    }

    private void Record(bool measured, long started, int commits)
    {
        if (measured)
        {
            _latencies.Add(started, commits);
        }
    }

    private void AdvanceVersions(CommitRequest[] wave)
    {
        for (var i = 0; i < wave.Length; i++)
        {
            _versions[i] = wave[i].NextAggregateVersion ?? _versions[i];
        }
    }

    private static void ThrowFirstFailure(IEnumerable<CommitOutcome> outcomes)
    {
        if (outcomes.FirstOrDefault(o => o.Failure is not null) is { Failure: { } failure })
        {
            throw failure;
        }
    }

    private static async Task<long> CountAsync(IEventStore store)
    {
        await using var session = await store.OpenAutoCommitSessionAsync(CancellationToken.None);
        return await session.CountEventsAsync(CancellationToken.None);
    }
}
