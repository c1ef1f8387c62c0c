using BenchmarkDotNet.Attributes;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Seed;

/// <summary>
/// The seed's benchmark as BenchmarkDotNet runs it: per strategy, NumberOfEvents events per commit, ConcurrentBatches
/// commits started together (a wave), one operation per wave; CommitEvents and CommitAggregateEvents. Each case gets a
/// fresh log and the strategy on it in its global setup; its global cleanup reads the log back with the verifier against
/// the ledger of what every commit was told, so the figures are of commits that were checked.
/// </summary>
public class SeedBenchmarks
{
    private IEventLog? _log;
    private ICommitStrategy? _strategy;
    private StrategyContender? _contender;
    private CommitterSlots? _slots;
    private CommitLedger _ledger = new();
    private long _waves;
    private BenchmarkMethod _method;

    /// <summary>The strategies the verb was asked for.</summary>
    public static IEnumerable<string> StrategyNames => SeedContext.Strategies.Select(s => s.Name);

    [ParamsSource(nameof(StrategyNames))]
    public string Strategy { get; set; } = "";

    [Params(1, 10, 100)]
    public int NumberOfEvents { get; set; }

    [Params(1, 10, 100)]
    public int ConcurrentBatches { get; set; }

    [GlobalSetup(Target = nameof(CommitEvents))]
    public Task SetUpPlainAsync() => SetUpAsync(BenchmarkMethod.CommitEvents);

    [GlobalSetup(Target = nameof(CommitAggregateEvents))]
    public Task SetUpAggregateAsync() => SetUpAsync(BenchmarkMethod.CommitAggregateEvents);

    /// <summary>One wave of plain commits.</summary>
    [Benchmark]
    public Task CommitEvents() => WaveAsync();

    /// <summary>One wave of aggregate commits, each expecting its aggregate at the version its last commit reached.</summary>
    [Benchmark]
    public Task CommitAggregateEvents() => WaveAsync();

    [GlobalCleanup]
    public async Task CleanUpAsync()
    {
        try
        {
            if (_contender is not null && _log is not null && _strategy is not null)
            {
                await _contender.DisposeAsync().ConfigureAwait(false);
                var report = await EventLogVerifier.VerifyAsync(_log, _ledger, _strategy.Guarantees, CancellationToken.None).ConfigureAwait(false);
                SeedContext.Add(new SeedCheck(Strategy, _method.ToString(), NumberOfEvents, ConcurrentBatches, _waves, report.ExpectedEvents, report.FoundEvents, report.Passed,
                    report.Passed ? "clean" : report.ToString().Split('\n')[0]));
            }
        }
        finally
        {
            if (_log is not null)
            {
                await _log.DisposeAsync().ConfigureAwait(false);
            }

            _log = null;
            _contender = null;
            _strategy = null;
        }
    }

    private async Task SetUpAsync(BenchmarkMethod method)
    {
        var provider = SeedContext.Provider ?? throw new InvalidOperationException("The seed's benchmark runs under the seed verb, which starts the store first.");
        var registration = SeedContext.Strategies.First(s => s.Name == Strategy);
        _method = method;
        _ledger = new CommitLedger();
        _waves = 0;
        _log = await provider.CreateFreshLogAsync(CancellationToken.None).ConfigureAwait(false);
        _strategy = registration.Create(_log, new CommitStrategyOptions());
        _contender = new StrategyContender(_strategy, _log);
        _slots = new CommitterSlots(new CellKey(LoadKind.Waves, method, NumberOfEvents, ConcurrentBatches), SeedContext.PayloadBytes);
    }

    private async Task WaveAsync()
    {
        var contender = _contender ?? throw new InvalidOperationException("The case was not set up.");
        var wave = _slots!.NextGroup(measured: true);
        var outcomes = contender.TakesWholeGroups
            ? await contender.CommitAsync([.. wave.Select(c => c.Request)], CancellationToken.None).ConfigureAwait(false)
            : (await Task.WhenAll(wave.Select(c => contender.CommitAsync([c.Request], CancellationToken.None))).ConfigureAwait(false)).Select(o => o[0]).ToArray();
        for (var i = 0; i < outcomes.Count; i++)
        {
            _ledger.Record(outcomes[i]);
            if (outcomes[i].Result is { } result)
            {
                _slots.Acknowledged(wave[i], result);
            }
            else
            {
                throw new InvalidOperationException($"{Strategy}: a commit of the wave failed: {outcomes[i].Failure?.Message}", outcomes[i].Failure);
            }
        }

        _waves++;
    }
}
