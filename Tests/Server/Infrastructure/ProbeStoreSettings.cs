using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>The test-only store's settings: its own note beside the PostgreSQL it runs on.</summary>
public sealed record ProbeStoreSettings
{
    public string? Note { get; init; }

    public PostgresStoreConfiguration Postgres { get; init; } = new();
}
