using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Harness.Measurement;

/// <summary>Every store the harness can run on, by name, as <c>StrategyCatalog</c> is for strategies. Adding a store is its project plus one line here.</summary>
internal static class StoreCatalog
{
    public static IReadOnlyList<StoreRegistration> All { get; } =
    [
        new("postgres",
            async (o, log, ct) => await PostgresStoreProvider.StartAsync(o.Postgres, line => log($"[postgres] {line}"), ct).ConfigureAwait(false),
            o => string.Join(", ", o.Durabilities ?? [PostgresDurabilityNames.Of(o.Postgres.Durability)])),
        new("mongo",
            async (o, _, ct) => await MongoStoreProvider.StartAsync(o.Mongo, ct).ConfigureAwait(false),
            o => $"write concern {string.Join(", ", o.Durabilities ?? [o.Mongo.WriteConcern])}"),
    ];

    public static IEnumerable<string> Names => All.Select(s => s.Name);

    public static StoreRegistration Get(string name) =>
        All.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"--store: unknown value '{name}'. Valid values: {string.Join(", ", Names)}.");
}
