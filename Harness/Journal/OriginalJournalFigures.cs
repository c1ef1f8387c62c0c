namespace EventCommitLab.Harness.Journal;

/// <summary>
/// One row of the original benchmark's PostgreSQL 15 table (Akka.Persistence.Sql's docs/articles/benchmarks.md,
/// August 29th 2024: 10 000 messages, medians of 100 iterations after z-score rejection, a 12-core Ryzen 9 3900X,
/// PostgreSQL in Docker). Quoted for shape only: another machine, another message count.
/// </summary>
/// <param name="SqlTagTable">Akka.Persistence.Sql with tag-write-mode TagTable (the peer's mode here), msg/s.</param>
/// <param name="PostgreSqlPlugin">The older Akka.Persistence.PostgreSql journal the original compared it with, msg/s.</param>
public sealed record OriginalJournalFigures(double SqlTagTable, double PostgreSqlPlugin)
{
    public const string Source = "Akka.Persistence.Sql's benchmark table for PostgreSQL 15 (docs/articles/benchmarks.md, August 29th 2024)";
}
