using System.CommandLine;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Harness.Stores;

/// <summary>PostgreSQL in the harness: its options, how they set the options, how the harness starts it.</summary>
internal static class PostgresStoreModule
{
    public const string Name = "postgres";

    private static readonly Option<string[]> Durability = LabOption.Of(
        "--durability", "D,...", $"PostgreSQL: {string.Join(", ", PostgresDurabilityNames.All)}; two make durability a dimension of the grid: every cell runs at each, and the verdict says where the choice changes [durable]",
        (o, v) => OptionValues.SomeOf(o, v, PostgresDurabilityNames.All));

    private static readonly Option<string> Connection = LabOption.Text(
        "--connection", "STRING", "use this PostgreSQL instead of a private one (or PG_CONNECTION)");

    private static readonly Option<string> BinDirectory = LabOption.Text(
        "--pg-bin", "DIR", "folder with initdb, pg_ctl and postgres (or PG_BIN_DIR)");

    public static StoreRegistration Registration { get; } = new(
        Name,
        [Durability, Connection, BinDirectory],
        Bind,
        o => o.WithStoreSetting(PostgresStoreConfiguration.FromEnvironment()),
        // The lab starts its own server from the programs every machine of ours has.
        _ => null,
        async (o, log, ct) => await PostgresStoreProvider.StartAsync(o.StoreSetting<PostgresStoreConfiguration>(), line => log($"[postgres] {line}"), ct).ConfigureAwait(false),
        o => string.Join(", ", o.Durabilities ?? [PostgresDurabilityNames.Of(o.StoreSetting<PostgresStoreConfiguration>().Durability)]))
    {
        Provider = typeof(PostgresStoreProvider),
        OpenAt = address => PostgresEventStore.Open(address, "writer process"),
    };

    private static HarnessOptions Bind(ParseResult result, HarnessOptions options)
    {
        var settings = options.StoreSetting<PostgresStoreConfiguration>();
        settings = result.Given(Durability, out var durabilities) ? settings with { Durability = PostgresDurabilityNames.Parse(durabilities[0]) } : settings;
        settings = result.Given(Connection, out var connection) ? settings with { ConnectionString = connection } : settings;
        settings = result.Given(BinDirectory, out var bin) ? settings with { BinDirectory = bin } : settings;
        return (durabilities is null ? options : options with { Durabilities = durabilities }).WithStoreSetting(settings);
    }
}
