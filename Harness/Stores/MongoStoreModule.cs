using System.CommandLine;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Stores.Mongo;

namespace EventCommitLab.Harness.Stores;

/// <summary>MongoDB in the harness: its options, how they set the options, how the harness reaches it.</summary>
internal static class MongoStoreModule
{
    public const string Name = "mongo";

    private static readonly Option<string> Uri = LabOption.Text(
        "--mongo-uri", "URI", "the MongoDB replica set for --store mongo (or MONGODB_URI)");

    private static readonly Option<string[]> WriteConcern = LabOption.Of(
        "--write-concern", "W,...", $"MongoDB: {string.Join(", ", MongoStoreConfiguration.WriteConcerns)}, as --durability does [majority]",
        (o, v) => OptionValues.SomeOf(o, v, MongoStoreConfiguration.WriteConcerns));

    private static readonly Option<string> Retryable = LabOption.Of(
        "--mongo-retryable", "R", "MongoDB: on lets the driver retry a write or read once on its own (uncounted); off leaves every retry to the strategies, counted [off]",
        (o, v) => OptionValues.OneOf(o, v, MongoStoreConfiguration.RetryableChoices));

    public static StoreRegistration Registration { get; } = new(
        Name,
        [Uri, WriteConcern, Retryable],
        Bind,
        o => o.WithStoreSetting(MongoStoreConfiguration.FromEnvironment()),
        o => MongoStoreProvider.UnavailableBecause(o.StoreSetting<MongoStoreConfiguration>()),
        async (o, _, ct) => await MongoStoreProvider.StartAsync(o.StoreSetting<MongoStoreConfiguration>(), ct).ConfigureAwait(false),
        o => $"write concern {string.Join(", ", o.Durabilities ?? [o.StoreSetting<MongoStoreConfiguration>().WriteConcern])}")
    {
        Provider = typeof(MongoStoreProvider),
    };

    private static HarnessOptions Bind(ParseResult result, HarnessOptions options)
    {
        var settings = options.StoreSetting<MongoStoreConfiguration>();
        settings = result.Given(Uri, out var uri) ? settings with { Uri = uri } : settings;
        settings = result.Given(WriteConcern, out var concerns) ? settings with { WriteConcern = concerns[0] } : settings;
        settings = result.Given(Retryable, out var retryable) ? settings with { Retryable = retryable == "on" } : settings;
        return (concerns is null ? options : options with { Durabilities = concerns }).WithStoreSetting(settings);
    }
}
