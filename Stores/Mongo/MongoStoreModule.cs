using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>MongoDB as the lab's host reaches it: a replica set the environment or the command line names.</summary>
public sealed class MongoStoreModule : StoreModule<MongoStoreConfiguration>
{
    private static readonly StoreOption Uri = new("--mongo-uri", "URI", "the MongoDB replica set for --store mongo (or MONGODB_URI)");

    private static readonly StoreOption WriteConcern = new(
        "--write-concern", "W,...", $"MongoDB: {string.Join(", ", MongoStoreConfiguration.WriteConcerns)}, as --durability does [majority]")
    {
        Choices = MongoStoreConfiguration.WriteConcerns,
        Many = true,
        NamesDurabilities = true,
    };

    private static readonly StoreOption Retryable = new(
        "--mongo-retryable", "R",
        "MongoDB: on lets the driver retry a write or read once on its own (uncounted); off leaves every retry to the strategies, counted [off]")
    {
        Choices = MongoStoreConfiguration.RetryableChoices,
    };

    public override string Name => "mongo";

    public override Type Provider => typeof(MongoStoreProvider);

    public override IReadOnlyList<StoreOption> Options { get; } = [Uri, WriteConcern, Retryable];

    public override MongoStoreConfiguration FromEnvironment() => MongoStoreConfiguration.FromEnvironment();

    public override MongoStoreConfiguration? Apply(MongoStoreConfiguration settings, StoreOption option, IReadOnlyList<string> values) =>
        option == Uri ? settings with { Uri = values[0] }
        : option == WriteConcern ? settings with { WriteConcern = values[0] }
        : option == Retryable ? settings with { Retryable = values[0] == "on" }
        : null;

    public override string? UnavailableBecause(MongoStoreConfiguration settings) => MongoStoreProvider.UnavailableBecause(settings);

    public override async Task<IEventStoreProvider> StartAsync(MongoStoreConfiguration settings, Action<string> log, CancellationToken cancellationToken) =>
        await MongoStoreProvider.StartAsync(settings, log, cancellationToken).ConfigureAwait(false);

    public override string Durability(MongoStoreConfiguration settings)
    {
        ArgumentNullException.ThrowIfNull(settings);
        return settings.WriteConcern;
    }

    public override StoreCommitShapes CommitShapes => MongoCommitShapes.All;

    public override string DescribeDurabilities(IReadOnlyList<string> durabilities) => $"write concern {string.Join(", ", durabilities)}";
}
