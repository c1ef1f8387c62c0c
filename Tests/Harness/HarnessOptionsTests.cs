using EventCommitLab.Harness;
using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Tests.Harness;

public sealed class HarnessOptionsTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void no_arguments_run_every_strategy_on_a_private_postgres()
    {
        var options = HarnessOptions.Parse([], NoEnvironment);

        Assert.Equal(7, options.Strategies.Count);
        Assert.Null(options.Postgres.ConnectionString);
    }

    [Fact]
    public void an_unknown_strategy_is_named_with_the_known_ones()
    {
        var error = Assert.Throws<ArgumentException>(() => HarnessOptions.Parse(["--strategies", "InsertMany,Fastest"], NoEnvironment));

        Assert.Contains("Unknown strategy 'Fastest'", error.Message, StringComparison.Ordinal);
        Assert.Contains("TransactionalCounter", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void an_unknown_option_is_named_with_the_valid_ones()
    {
        var error = Assert.Throws<ArgumentException>(() => HarnessOptions.Parse(["--fast"], NoEnvironment));

        Assert.Contains("Unknown option '--fast'", error.Message, StringComparison.Ordinal);
        Assert.Contains("--connection", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void an_option_without_its_value_is_an_error()
    {
        var error = Assert.Throws<ArgumentException>(() => HarnessOptions.Parse(["--connection"], NoEnvironment));

        Assert.Contains("--connection needs a value", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void the_command_line_overrides_the_environment()
    {
        var options = HarnessOptions.Parse(["--connection", "Host=db", "--strategies", "insertmany"], NoEnvironment with { ConnectionString = "Host=env" });

        Assert.Equal("Host=db", options.Postgres.ConnectionString);
        Assert.Equal("InsertMany", Assert.Single(options.Strategies).Name);
    }
}
