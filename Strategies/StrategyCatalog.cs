using EventCommitLab.Strategies.Implementations;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies;

/// <summary>Every strategy the lab knows, by name. Adding a strategy is its file plus one line here.</summary>
public static class StrategyCatalog
{
    // Registrations added for one flow of control only: how a test proves that a catalog line is all the lab needs of a
    // strategy, without other tests running beside it seeing one more strategy.
    private static readonly AsyncLocal<IReadOnlyList<StrategyRegistration>?> Added = new();

    private static readonly IReadOnlyList<StrategyRegistration> Lab =
    [
        StrategyRegistration.For((s, o) => new CurrentImplementationStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new TransactionalCounterStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new InMemorySequenceStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new InsertManyStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new SingleEventNoTransactionStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new SimulatedBatchingStrategy(s, o)) with { InSeed = true },
        StrategyRegistration.For((s, o) => new BatchingPipelineStrategy(s, o)) with { InSeed = true },
        new(BatchingPipelineStrategy.NameFor(2), BatchingPipelineStrategy.Claims, (s, o) => new BatchingPipelineStrategy(s, o with { Pipeline = o.Pipeline with { BatchesInFlight = 2 } }))
        {
            TuningOf = BatchingPipelineStrategy.NameFor(1),
        },
        new(BatchingPipelineStrategy.NameFor(2, numbersItsBatches: true), BatchingPipelineStrategy.Claims,
            (s, o) => new BatchingPipelineStrategy(s, o with { Pipeline = o.Pipeline with { BatchesInFlight = 2, NumbersItsBatches = true } }), BatchingPipelineStrategy.NumberingNeeds)
        {
            TuningOf = BatchingPipelineStrategy.NameFor(1),
        },
        new(BatchingPipelineStrategy.NameFor(1, numbersItsBatches: true, splitsLargeBatches: true), BatchingPipelineStrategy.Claims,
            (s, o) => new BatchingPipelineStrategy(s, o with { Pipeline = o.Pipeline with { NumbersItsBatches = true, SplitFromEvents = BatchingPipelineOptions.LargeBatchEvents } }),
            BatchingPipelineStrategy.NumberingNeeds)
        {
            TuningOf = BatchingPipelineStrategy.NameFor(1),
        },
        StrategyRegistration.For((s, o) => new LockedCounterStatementStrategy(s, o)),
        StrategyRegistration.For((s, o) => new ServerSequenceStrategy(s, o), ServerSequenceStrategy.Needs),
        StrategyRegistration.For((s, o) => new ServerSequenceWithHorizonStrategy(s, o), ServerSequenceWithHorizonStrategy.Needs),
        new(BatchingPipelineStrategy.NameFor(4, serverSequence: true), BatchingPipelineStrategy.ServerSequenceClaims,
            (s, o) => new BatchingPipelineStrategy(s, o with { Pipeline = o.Pipeline with { BatchesInFlight = 4, NumbersFromServerSequence = true } }),
            BatchingPipelineStrategy.ServerSequenceNeeds)
        {
            OnTrial = true,
        },
    ];

    /// <summary>Every strategy, in catalog order: what every list of strategies (options, help, tests, CI) is derived from.</summary>
    public static IReadOnlyList<StrategyRegistration> All => Added.Value is { } added ? [.. Lab, .. added] : Lab;

    public static IEnumerable<string> Names => All.Select(r => r.Name);

    /// <summary>One strategy per design, in catalog order (tunings are not designs, see <see cref="StrategyRegistration.TuningOf"/>).</summary>
    public static IReadOnlyList<StrategyRegistration> Designs => [.. All.Where(r => r.TuningOf is null)];

    /// <summary>The designs the default race holds, in catalog order: every design but those on trial (<see cref="StrategyRegistration.OnTrial"/>).</summary>
    public static IReadOnlyList<StrategyRegistration> DefaultRace => [.. Designs.Where(r => !r.OnTrial)];

    /// <summary>The designs on trial, in catalog order: raced only when named.</summary>
    public static IReadOnlyList<StrategyRegistration> Trials => [.. Designs.Where(r => r.OnTrial)];

    /// <summary>The registrations that tune another design, in catalog order.</summary>
    public static IReadOnlyList<StrategyRegistration> Tunings => [.. All.Where(r => r.TuningOf is not null)];

    /// <summary>The strategies that claim to keep append conditions, in catalog order.</summary>
    public static IEnumerable<string> KeepingAppendConditions => All.Where(r => r.Claims.KeepsAppendConditions).Select(r => r.Name);

    /// <summary>The strategies the seed's benchmark compared, in catalog order.</summary>
    public static IReadOnlyList<StrategyRegistration> Seed => [.. All.Where(r => r.InSeed)];

    /// <summary>The event store's current implementation: what every verdict states its factor over.</summary>
    public static string Baseline { get; } = StrategyRegistration.NameOf(typeof(CurrentImplementationStrategy));

    /// <exception cref="ArgumentException">No strategy has that name; the message lists the names there are.</exception>
    public static StrategyRegistration Get(string name) =>
        All.FirstOrDefault(r => string.Equals(r.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"Unknown strategy '{name}'. Known strategies: {string.Join(", ", Names)}.", nameof(name));

    /// <summary>
    /// The catalog with <paramref name="registration"/> as one more line, for the calling flow of control (and the tasks
    /// it starts) until disposed.
    /// </summary>
    internal static IDisposable Including(StrategyRegistration registration)
    {
        var before = Added.Value;
        Added.Value = [.. before ?? [], registration];
        return new CatalogScope(() => Added.Value = before);
    }
}
