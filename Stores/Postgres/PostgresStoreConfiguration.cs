namespace EventCommitLab.Stores.Postgres;

/// <summary>Where the PostgreSQL store comes from: a connection string, or a private server and how to start it.</summary>
public sealed record PostgresStoreConfiguration
{
    public const string ConnectionVariable = "PG_CONNECTION";
    public const string BinDirectoryVariable = "PG_BIN_DIR";
    public const string TempRootVariable = "PG_TEMP_ROOT";
    public const string RunAsVariable = "PG_RUN_AS";

    /// <summary>Any PostgreSQL (13 or later) to use instead of a private one; the lab creates and drops its own databases there.</summary>
    public string? ConnectionString { get; init; }

    /// <summary>The private server's bin folder; null to search.</summary>
    public string? BinDirectory { get; init; }

    /// <summary>The private servers' temp root; null for the default.</summary>
    public string? TempRoot { get; init; }

    /// <summary>The account the private server runs as when the lab is root; null for postgres.</summary>
    public string? RunAsUser { get; init; }

    /// <summary>How durable commits are in the stores it creates. Default durable.</summary>
    public PostgresDurability Durability { get; init; } = PostgresDurability.Durable;

    /// <summary>The configuration the environment variables give; command-line options override it with <c>with</c>.</summary>
    public static PostgresStoreConfiguration FromEnvironment() => new()
    {
        ConnectionString = Variable(ConnectionVariable),
        BinDirectory = Variable(BinDirectoryVariable),
        TempRoot = Variable(TempRootVariable),
        RunAsUser = Variable(RunAsVariable),
    };

    private static string? Variable(string name) => Environment.GetEnvironmentVariable(name) is { Length: > 0 } value ? value : null;
}
