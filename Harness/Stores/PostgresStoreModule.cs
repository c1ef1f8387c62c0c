using System.CommandLine;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;
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
        o => o with { Postgres = PostgresStoreConfiguration.FromEnvironment() },
        // The lab starts its own server from the programs every machine of ours has.
        _ => null,
        async (o, log, ct) => await PostgresStoreProvider.StartAsync(o.Postgres, line => log($"[postgres] {line}"), ct).ConfigureAwait(false),
        o => string.Join(", ", o.Durabilities ?? [PostgresDurabilityNames.Of(o.Postgres.Durability)]));

    private static HarnessOptions Bind(ParseResult result, HarnessOptions options)
    {
        options = result.Given(Durability, out var durabilities)
            ? options with { Durabilities = durabilities, Postgres = options.Postgres with { Durability = PostgresDurabilityNames.Parse(durabilities[0]) } }
            : options;
        options = result.Given(Connection, out var connection) ? options with { Postgres = options.Postgres with { ConnectionString = connection } } : options;
        return result.Given(BinDirectory, out var bin) ? options with { Postgres = options.Postgres with { BinDirectory = bin } } : options;
    }
}
