using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Postgres;

/// <summary>PostgreSQL as the lab's host starts it: a private server of the lab's own unless a connection is given.</summary>
public sealed class PostgresStoreModule : StoreModule<PostgresStoreConfiguration>
{
    private static readonly StoreOption DurabilityOption = new(
        "--durability", "D,...",
        $"PostgreSQL: {string.Join(", ", PostgresDurabilityNames.All)}; two make durability a dimension of the grid: every cell runs at each, and the verdict says where the choice changes [durable]")
    {
        Choices = PostgresDurabilityNames.All,
        Many = true,
        NamesDurabilities = true,
    };

    private static readonly StoreOption Connection = new("--connection", "STRING", "use this PostgreSQL instead of a private one (or PG_CONNECTION)");

    private static readonly StoreOption BinDirectory = new("--pg-bin", "DIR", "folder with initdb, pg_ctl and postgres (or PG_BIN_DIR)");

    public override string Name => "postgres";

    public override Type Provider => typeof(PostgresStoreProvider);

    public override IReadOnlyList<StoreOption> Options { get; } = [DurabilityOption, Connection, BinDirectory];

    public override PostgresStoreConfiguration FromEnvironment() => PostgresStoreConfiguration.FromEnvironment();

    public override PostgresStoreConfiguration? Apply(PostgresStoreConfiguration settings, StoreOption option, IReadOnlyList<string> values) =>
        option == DurabilityOption ? settings with { Durability = PostgresDurabilityNames.Parse(values[0]) }
        : option == Connection ? settings with { ConnectionString = values[0] }
        : option == BinDirectory ? settings with { BinDirectory = values[0] }
        : null;

    // The lab starts its own server from the programs every machine of ours has: nothing makes it unavailable.
    public override async Task<IEventStoreProvider> StartAsync(PostgresStoreConfiguration settings, Action<string> log, CancellationToken cancellationToken) =>
        await PostgresStoreProvider.StartAsync(settings, line => log($"[postgres] {line}"), cancellationToken).ConfigureAwait(false);

    public override string Durability(PostgresStoreConfiguration settings) => PostgresDurabilityNames.Of(settings.Durability);

    public override Func<string, IEventLog>? OpenAt => address => PostgresEventStore.Open(address, "writer process");
}
