namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>How the lab starts its private PostgreSQL.</summary>
public sealed record PrivatePostgresOptions
{
    /// <summary>The folder with initdb, pg_ctl and postgres; null to search the usual places. (--pg-bin, PG_BIN_DIR)</summary>
    public string? BinDirectory { get; init; }

    /// <summary>Where the search looks when <see cref="BinDirectory"/> is null. Default: <see cref="PostgresBinaryLocator.UsualPlaces"/>.</summary>
    public IEnumerable<string>? SearchPlaces { get; init; }

    /// <summary>The folder that holds each instance's folder. Default: commit-lab-postgres in the system temp folder. (PG_TEMP_ROOT)</summary>
    public string TempRoot { get; init; } = Path.Combine(Path.GetTempPath(), "commit-lab-postgres");

    /// <summary>The account the server runs as when the lab is root (PostgreSQL refuses root). Default postgres. (PG_RUN_AS)</summary>
    public string RunAsUser { get; init; } = "postgres";

    /// <summary>
    /// Server settings, written into the instance's postgresql.conf and reported in table headers. The defaults are
    /// durable (fsync and synchronous_commit on) and allow 1000 committers through a pool of up to 100 connections per
    /// store with room for the lab's own connections; everything else is PostgreSQL's default.
    /// </summary>
    public IReadOnlyDictionary<string, string> Settings { get; init; } = DurableSettings;

    /// <summary>The process whose end also ends the server (a watchdog stops it if this process dies). Default: this process.</summary>
    public int OwnerProcessId { get; init; } = Environment.ProcessId;

    /// <summary>Progress lines ("initdb ...", "started on port ..."); null for silence.</summary>
    public Action<string>? Log { get; init; }

    public static IReadOnlyDictionary<string, string> DurableSettings { get; } = new Dictionary<string, string>
    {
        ["fsync"] = "on",
        ["synchronous_commit"] = "on",
        // Every contender of a cell keeps its own database and pool (up to 100 connections each) while the
        // rounds interleave them, so eight contenders at 100 committers hold about 800 connections at once.
        ["max_connections"] = "1000",
    };
}
