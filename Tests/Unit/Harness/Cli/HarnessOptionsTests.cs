using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Cli;

[Collection(CommandLineHelpCollection.Name)]
public sealed class HarnessOptionsTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void no_arguments_run_the_whole_grid_on_a_private_postgres()
    {
        var options = LabOptions.Parse([], NoEnvironment);

        Assert.Equal(StrategyCatalog.DefaultRace, options.Strategies);
        Assert.DoesNotContain(options.Strategies, s => s.TuningOf is not null);
        Assert.Equal([BenchmarkMethod.CommitEvents, BenchmarkMethod.CommitAggregateEvents], options.Methods);
        Assert.Equal([1, 10, 100], options.Events);
        Assert.Equal([1, 10, 100], options.Concurrency);
        Assert.Equal(0, options.Prefill);
        Assert.Null(options.Durabilities);
        Assert.Equal(PostgresDurability.Durable, options.StoreSetting<PostgresStoreConfiguration>().Durability);
        Assert.Equal(LabJob.Quick, options.Job);
        Assert.Equal([LoadKind.Waves, LoadKind.Sustained], options.Loads);
        Assert.Equal((48, 0.1, null), (options.Measurement(true).Rounds, options.Measurement(true).WindowSeconds, options.Measurement(true).RateEventsPerSecond));
        Assert.Equal((0.1, 20.0), (options.Measurement(true).Margin, options.Measurement(true).BudgetMinutes));
        Assert.Equal([6, 12, 24, 48], options.Measurement(true).Race!.Looks);
        Assert.Null(options.StoreSetting<PostgresStoreConfiguration>().ConnectionString);
        Assert.Equal(ReaderKind.All, options.Measurement(true).Reader);
    }

    [Fact]
    public void the_default_grid_adds_contended_sustained_rows_per_checked_method_and_command_mode_at_its_highest_concurrency()
    {
        var cells = LabRunner.Cells(LabOptions.Parse(["--methods", "CommitEvents,CommitAggregateEvents,CommitConditionalEvents"], NoEnvironment));

        Assert.Equal(2 * 3 * 3 * 3 + 5, cells.Count);
        CellKey Contended(BenchmarkMethod method, CommandMode commands) => new(LoadKind.Sustained, method, 1, 100, 10, Commands: commands);
        Assert.Equal(
            [
                Contended(BenchmarkMethod.CommitAggregateEvents, CommandMode.Optimistic), Contended(BenchmarkMethod.CommitAggregateEvents, CommandMode.Owned),
                Contended(BenchmarkMethod.CommitAggregateEvents, CommandMode.Pipelined),
                // A condition names log positions a commit not yet acknowledged lacks: conditional commands are not pipelined.
                Contended(BenchmarkMethod.CommitConditionalEvents, CommandMode.Optimistic), Contended(BenchmarkMethod.CommitConditionalEvents, CommandMode.Owned),
            ],
            cells.Where(c => c.Contended));
        var options = LabOptions.Parse([], NoEnvironment);
        Assert.Equal((0.0, 10), (options.Measurement(true).Skew, options.Measurement(true).ConflictRetries));
    }

    [Fact]
    public void contended_rows_follow_the_options_and_a_grid_below_ten_committers_has_none_unless_asked()
    {
        Assert.DoesNotContain(LabRunner.Cells(LabOptions.Parse(["--concurrency", "1,2"], NoEnvironment)), c => c.Contended);
        Assert.DoesNotContain(LabRunner.Cells(LabOptions.Parse(["--contention", "none"], NoEnvironment)), c => c.Contended);
        Assert.Equal(
            [new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 10, 2, 1, Commands: CommandMode.Owned), new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 10, 1000, 50, Commands: CommandMode.Owned)],
            LabRunner.Cells(LabOptions.Parse(["--events", "10,100", "--concurrency", "1", "--contention", "2:1,1000:50", "--command-modes", "owned"], NoEnvironment)).Where(c => c.Contended).OrderBy(c => c.Committers));
        var shared = LabRunner.Cells(LabOptions.Parse(["--aggregates", "5", "--concurrency", "1,10", "--contention", "none", "--skew", "1.1"], NoEnvironment));
        Assert.All(shared, c => Assert.Equal(c.Method != BenchmarkMethod.CommitEvents && c.Committers > 5 ? 5 : null, c.Aggregates));
        Assert.Equal(1.1, LabOptions.Parse(["--skew", "1.1"], NoEnvironment).Measurement(true).Skew);
    }

    [Fact]
    public void two_durabilities_run_every_cell_at_each_with_the_first_as_the_stores_own()
    {
        var one = LabOptions.Parse(["--durability", "async-commit", "--contention", "none"], NoEnvironment);
        var both = LabOptions.Parse(["--durability", "async-commit,durable", "--contention", "none"], NoEnvironment);

        Assert.All(LabRunner.Cells(one), c => Assert.Null(c.Durability));
        Assert.Equal(2 * LabRunner.Cells(one).Count, LabRunner.Cells(both).Count);
        Assert.Equal(
            LabRunner.Cells(one).SelectMany(c => new[] { c with { Durability = "async-commit" }, c with { Durability = "durable" } }),
            LabRunner.Cells(both));
        Assert.Equal(PostgresDurability.AsyncCommit, both.StoreSetting<PostgresStoreConfiguration>().Durability);
        Assert.Equal("1 x 100 on 10 aggregates, durable", new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 100, 10, "durable").Shape);
        var mongo = LabOptions.Parse(["--store", "mongo", "--write-concern", "w1,majority"], NoEnvironment);
        Assert.Equal(["w1", "majority"], mongo.Durabilities);
        Assert.Equal("w1", mongo.StoreSetting<MongoStoreConfiguration>().WriteConcern);
        foreach (var verb in new[] { "sweep", "seed", "faults", "pipeline" })
        {
            var several = Assert.Throws<ArgumentException>(() => LabOptions.Parse([verb, "--durability", "durable,async-commit"], NoEnvironment));
            Assert.StartsWith($"{verb}: --durability (--write-concern) takes one value here", several.Message, StringComparison.Ordinal);
        }

        Assert.Equal(["async-commit"], LabOptions.Parse(["sweep", "--durability", "async-commit"], NoEnvironment).Durabilities);
        var bad = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--durability", "durable,lazy"], NoEnvironment));
        Assert.Contains("--durability: unknown value 'lazy'. Valid values: durable, async-commit", bad.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void the_tailing_readers_can_be_left_out_or_kept_to_the_naive_one()
    {
        Assert.Equal(ReaderKind.None, LabOptions.Parse(["--reader", "none"], NoEnvironment).Measurement(true).Reader);
        Assert.Equal(ReaderKind.Naive, LabOptions.Parse(["--reader", "naive"], NoEnvironment).Measurement(true).Reader);
    }

    [Fact]
    public void the_readers_follow_sustained_rounds_unless_asked_to_follow_waves_too()
    {
        var byDefault = LabOptions.Parse([], NoEnvironment).Measurement(true);
        var both = LabOptions.Parse(["--reader-loads", "waves,sustained"], NoEnvironment).Measurement(true);
        var none = LabOptions.Parse(["--reader-loads", "waves", "--reader", "none"], NoEnvironment).Measurement(true);

        Assert.Equal((true, false), (byDefault.ReadersFollow(LoadKind.Sustained), byDefault.ReadersFollow(LoadKind.Waves)));
        Assert.Equal((true, true), (both.ReadersFollow(LoadKind.Sustained), both.ReadersFollow(LoadKind.Waves)));
        Assert.False(none.ReadersFollow(LoadKind.Waves));
        var bad = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--reader-loads", "bursts"], NoEnvironment));
        Assert.Contains("bursts", bad.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void rounds_window_and_rate_override_the_job()
    {
        var settings = LabOptions.Parse(["--job", "dry", "--rounds", "7", "--window", "1.5", "--load", "sustained", "--rate", "5000"], NoEnvironment).Measurement(false);

        Assert.Equal((7, 1.5, 0.375, 5000.0, false), (settings.Rounds, settings.WindowSeconds, settings.RampSeconds, settings.RateEventsPerSecond!.Value, settings.CheckpointBeforeRounds));
        Assert.Equal([LoadKind.Sustained], settings.Loads);
    }

    [Fact]
    public void a_rate_without_the_sustained_load_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--load", "waves", "--rate", "100"], NoEnvironment));

        Assert.Contains("--rate paces the sustained load", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--strategies", "InsertMany,Fastest", "--strategies: unknown value 'Fastest'", "TransactionalCounter")]
    [InlineData("--methods", "CommitEverything", "--methods: unknown value 'CommitEverything'", "CommitEvents, CommitAggregateEvents")]
    [InlineData("--events", "0", "'0' is not a whole number from 1 to 10000", "--events")]
    [InlineData("--concurrency", "ten", "'ten' is not a whole number from 1 to 1000", "--concurrency")]
    [InlineData("--prefill", "-5", "from 0 to 10000000", "--prefill")]
    [InlineData("--durability", "fsync-off", "unknown value 'fsync-off'", "async-commit")]
    [InlineData("--job", "forever", "unknown value 'forever'", "precise")]
    [InlineData("--load", "bursts", "unknown value 'bursts'", "waves, sustained")]
    [InlineData("--rounds", "1", "'1' is not a whole number from 2 to 100", "--rounds")]
    [InlineData("--budget", "0", "'0' is not a number from 1 to 1440", "--budget")]
    [InlineData("--margin", "0.9", "'0.9' is not a number from 0.01 to 0.5", "--margin")]
    [InlineData("--window", "forever", "'forever' is not a number from 0.05 to 600", "--window")]
    [InlineData("--write-concern", "w2", "unknown value 'w2'", "w1, journaled, majority")]
    [InlineData("--contention", "10:10", "'10:10' is not COMMITTERS:AGGREGATES", "e.g. 100:10; or none")]
    [InlineData("--contention", "100", "'100' is not COMMITTERS:AGGREGATES", "fewer aggregates")]
    [InlineData("--command-modes", "owned,actors", "unknown value 'actors'", "optimistic, owned, pipelined")]
    [InlineData("--skew", "-1", "'-1' is not a number from 0 to 4", "--skew")]
    [InlineData("--aggregates", "0", "'0' is not a whole number from 1 to 100000", "--aggregates")]
    [InlineData("--conflict-retries", "many", "'many' is not a whole number from 0 to 1000", "--conflict-retries")]
    [InlineData("--reader", "eager", "unknown value 'eager'", "none, naive")]
    public void a_bad_value_is_named_with_what_is_valid(string option, string value, string problem, string valid)
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse([option, value], NoEnvironment));

        Assert.Contains(problem, error.Message, StringComparison.Ordinal);
        Assert.Contains(valid, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("(Parameter", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void an_unknown_store_is_named_with_every_store_of_the_catalog()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--store", "mysql"], NoEnvironment));

        Assert.Contains("unknown value 'mysql'", error.Message, StringComparison.Ordinal);
        Assert.Contains(string.Join(", ", StoreCatalog.Names), error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void a_commit_larger_than_sixteen_mebibytes_of_payload_is_refused_naming_both_options()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--events", "1,2000", "--payload-bytes", "1000000"], NoEnvironment));

        Assert.StartsWith("--events 2000 x --payload-bytes 1000000 is 2,000,000,000 bytes of payload per commit; the lab takes at most 16,777,216", error.Message, StringComparison.Ordinal);
        Assert.NotNull(LabOptions.Parse(["--events", "16", "--payload-bytes", "1000000"], NoEnvironment));
    }

    [Fact]
    public void an_unknown_option_is_named_with_the_valid_ones()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--fast"], NoEnvironment));

        Assert.Contains("Unknown option '--fast'", error.Message, StringComparison.Ordinal);
        Assert.Contains("--concurrency", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void an_option_without_its_value_is_an_error()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--connection"], NoEnvironment));

        Assert.Contains("--connection needs a value", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void grid_values_are_parsed_sorted_and_deduplicated_and_the_command_line_overrides_the_environment()
    {
        var options = LabOptions.Parse(
            ["--connection", "Host=db", "--strategies", "insertmany", "--events", "100,1,1", "--durability", "async-commit", "--job", "dry"],
            NoEnvironment with { ConnectionString = "Host=env" });

        Assert.Equal("Host=db", options.StoreSetting<PostgresStoreConfiguration>().ConnectionString);
        Assert.Equal("InsertMany", Assert.Single(options.Strategies).Name);
        Assert.Equal([1, 100], options.Events);
        Assert.Equal(["async-commit"], options.Durabilities);
        Assert.Equal(PostgresDurability.AsyncCommit, options.StoreSetting<PostgresStoreConfiguration>().Durability);
        Assert.Equal(LabJob.Dry, options.Job);
    }

    [Fact]
    public void store_options_are_refused_for_the_other_store()
    {
        var mongoOnPostgres = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--write-concern", "w1"], NoEnvironment));
        var postgresOnMongo = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--store", "mongo", "--durability", "durable"], NoEnvironment));
        var retryOnPostgres = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--mongo-retryable", "on"], NoEnvironment));
        var badRetry = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--store", "mongo", "--mongo-retryable", "sometimes"], NoEnvironment));
        var mongo = LabOptions.Parse(["--store", "mongo", "--mongo-uri", "mongodb://db/?replicaSet=rs0", "--write-concern", "journaled", "--mongo-retryable", "on"], NoEnvironment);

        Assert.Contains("--write-concern does not apply to --store postgres", mongoOnPostgres.Message, StringComparison.Ordinal);
        Assert.Contains("--durability does not apply to --store mongo", postgresOnMongo.Message, StringComparison.Ordinal);
        Assert.Contains("--mongo-retryable does not apply to --store postgres", retryOnPostgres.Message, StringComparison.Ordinal);
        Assert.Contains("'sometimes'", badRetry.Message, StringComparison.Ordinal);
        Assert.Contains("off, on", badRetry.Message, StringComparison.Ordinal);
        Assert.Equal(("mongo", "mongodb://db/?replicaSet=rs0", "journaled", true), (mongo.Store, mongo.StoreSetting<MongoStoreConfiguration>().Uri, mongo.StoreSetting<MongoStoreConfiguration>().WriteConcern, mongo.StoreSetting<MongoStoreConfiguration>().Retryable));
        Assert.False(LabOptions.Parse(["--store", "mongo"], NoEnvironment).StoreSetting<MongoStoreConfiguration>().Retryable);
    }

    [Fact]
    public void compare_is_a_verb_with_its_own_arguments()
    {
        var options = LabOptions.Parse(["compare", "results/a", "results/b"], NoEnvironment);

        Assert.Equal("compare", options.Verb);
        Assert.Equal(["results/a", "results/b"], options.VerbArguments);
    }

    [Fact]
    public void an_option_given_twice_is_refused_instead_of_the_last_one_winning()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--events", "1", "--events", "2"], NoEnvironment));

        Assert.Equal("--events is given more than once; give it once (a list is one value, comma-separated).", error.Message);
    }

    [Fact]
    public void a_verb_missing_its_folders_is_refused_in_one_line_naming_the_verb()
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["compare", "only-one"], NoEnvironment));

        Assert.StartsWith("compare: ", error.Message, StringComparison.Ordinal);
        Assert.Contains("NEW_RUN_FOLDER", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void the_help_is_generated_from_the_catalogs_and_every_verb_declares_its_own()
    {
        var help = new StringWriter();
        LabCommandLine.WriteHelp([], help);
        var suiteHelp = new StringWriter();
        LabCommandLine.WriteHelp(["suite", "dcb"], suiteHelp);

        Assert.True(LabOptions.Parse(["--help"], NoEnvironment).ShowHelp);
        Assert.True(LabOptions.Parse(["sweep", "-h"], NoEnvironment).ShowHelp);
        Assert.Contains("dotnet run -c Release --project Harness --", help.ToString(), StringComparison.Ordinal);
        Assert.All(StrategyCatalog.Names, name => Assert.Contains(name, help.ToString(), StringComparison.Ordinal));
        Assert.All(StoreCatalog.All.SelectMany(s => s.Options), option => Assert.Contains(option.Name, help.ToString(), StringComparison.Ordinal));
        Assert.All(new[] { "suite", "pipeline", "sweep", "seed", "faults", "compare", "report", "index" }, verb => Assert.Contains(verb, help.ToString(), StringComparison.Ordinal));
        Assert.Contains("--appenders", suiteHelp.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("--concurrency", suiteHelp.ToString(), StringComparison.Ordinal);
        var groupHelp = new StringWriter();
        LabCommandLine.WriteHelp(["suite"], groupHelp);
        Assert.NotEmpty(LabCommandLine.Suites);
        Assert.All(LabCommandLine.Suites, suite => Assert.Contains(suite, groupHelp.ToString(), StringComparison.Ordinal));
        Assert.All(SuiteCatalog.All.Where(s => !s.UnderSuiteGroup), s => Assert.DoesNotContain(s.Name, LabCommandLine.Suites));
    }
}
