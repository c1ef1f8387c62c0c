using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness;

/// <summary>The harness's command line, validated.</summary>
public sealed record HarnessOptions
{
    public const string Usage = """
        Usage: dotnet run -c Release --project Harness -- [options]
          --strategies A,B,...   strategies to run (default: all)
          --connection STRING    use this PostgreSQL instead of a private one (or PG_CONNECTION)
          --pg-bin DIR           folder with initdb, pg_ctl and postgres for the private server (or PG_BIN_DIR)
          --help                 show this text
        """;

    public IReadOnlyList<StrategyRegistration> Strategies { get; init; } = StrategyCatalog.All;

    public PostgresStoreConfiguration Postgres { get; init; } = new();

    public bool ShowHelp { get; init; }

    /// <exception cref="ArgumentException">An unknown option, a missing value or an unknown strategy; the message says which and what is valid.</exception>
    public static HarnessOptions Parse(IReadOnlyList<string> args, PostgresStoreConfiguration environment)
    {
        var options = new HarnessOptions { Postgres = environment };
        for (var i = 0; i < args.Count; i++)
        {
            var name = args[i];
            string Value() => i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal)
                ? args[++i]
                : throw new ArgumentException($"Option {name} needs a value.{Environment.NewLine}{Usage}");
            options = name switch
            {
                "--strategies" => options with { Strategies = [.. Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(StrategyCatalog.Get)] },
                "--connection" => options with { Postgres = options.Postgres with { ConnectionString = Value() } },
                "--pg-bin" => options with { Postgres = options.Postgres with { BinDirectory = Value() } },
                "--help" or "-h" => options with { ShowHelp = true },
                _ => throw new ArgumentException($"Unknown option '{name}'. Valid options: --strategies, --connection, --pg-bin, --help.{Environment.NewLine}{Usage}"),
            };
        }

        return options.Strategies.Count > 0 ? options : throw new ArgumentException($"--strategies names no strategy. Known strategies: {string.Join(", ", StrategyCatalog.Names)}.");
    }
}
