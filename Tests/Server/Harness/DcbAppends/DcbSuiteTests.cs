using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Harness.Reads;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.DcbAppends;

/// <summary><c>suite dcb</c> and <c>suite reads</c> on the real database: the verifier, and tiny real runs.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class DcbSuiteTests(LabStores stores) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-dcb-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task the_verifier_finds_a_clean_log_clean_and_names_an_event_nobody_was_told_about_and_a_refused_append_that_was_written()
    {
        await using var log = await stores.FreshDcbLogAsync();
        await log.LoadAsync(DcbOperations.ConflictPrefill([1]), CancellationToken.None);
        var seedHead = await log.HeadAsync(CancellationToken.None);
        var operations = new DcbOperations(5);
        var ledger = new DcbLedger();
        await using (var appender = new GroupCommitAppender(log))
        {
            foreach (var workload in DcbWorkload.For([1]))
            {
                var (operation, append) = operations.Next(workload, 2);
                ledger.Record(new DcbLedgerEntry(operation, 2, workload, (await appender.AppendAsync(append, CancellationToken.None)).Appended));
            }
        }

        var clean = await DcbVerifier.VerifyAsync(log, seedHead, ledger, operations, "GroupCommit", "Tiny", CancellationToken.None);
        Assert.Empty(clean.Violations);
        Assert.Equal((3L, 4L), (clean.Appends, clean.EventsRead));

        // The refused append's events written behind the ledger's back, and an event of an operation nobody made.
        var refused = ledger.Entries.Single(e => e.Appended == false);
        await log.LoadAsync([.. operations.EventsOf(refused.Operation, 2), .. operations.EventsOf(99, 1)], CancellationToken.None);
        var dirty = await DcbVerifier.VerifyAsync(log, seedHead, ledger, operations, "GroupCommit", "Tiny", CancellationToken.None);
        Assert.Contains($"operation {refused.Operation}: told its condition failed, yet 2 of its events are in the log", dirty.Violations);
        Assert.Contains("operation 99: 1 events in the log that no caller was told were written", dirty.Violations);
    }

    [Fact]
    public async Task the_verifier_names_a_written_append_lost_doubled_altered_or_out_of_order_an_error_half_written_and_an_answer_the_workload_rules_out()
    {
        await using var log = await stores.FreshDcbLogAsync();
        var seedHead = await log.HeadAsync(CancellationToken.None);
        var operations = new DcbOperations(5);
        var ledger = new DcbLedger();
        var written = new List<DcbEvent>();
        void Told(long operation, DcbWorkload workload, bool? appended) => ledger.Record(new DcbLedgerEntry(operation, 2, workload, appended));

        Told(1, DcbWorkload.Append, true);
        Told(2, DcbWorkload.Append, true);
        written.AddRange([.. operations.EventsOf(2, 2), .. operations.EventsOf(2, 2)]);
        Told(3, DcbWorkload.Append, true);
        written.AddRange(operations.EventsOf(3, 2).Select((e, k) => k == 1 ? e with { Payload = "{\"altered\":true}" } : e));
        Told(4, DcbWorkload.Append, true);
        written.AddRange(operations.EventsOf(4, 2).Reverse());
        Told(5, DcbWorkload.Append, null);
        written.Add(operations.EventsOf(5, 2)[0]);
        Told(6, DcbWorkload.AppendIfConflicting(1), true);
        written.AddRange(operations.EventsOf(6, 2));
        Told(7, DcbWorkload.AppendIf, false);
        await log.LoadAsync(written, CancellationToken.None);

        var found = (await DcbVerifier.VerifyAsync(log, seedHead, ledger, operations, "GroupCommit", "Tiny", CancellationToken.None)).Violations;

        Assert.Contains("operation 1: told it was written, 2 events expected, 0 found", found);
        Assert.Contains("operation 2: told it was written, 2 events expected, 4 found", found);
        Assert.Contains(found, v => v.StartsWith("operation 3: event 2 at position", StringComparison.Ordinal) && v.EndsWith("altered or out of order", StringComparison.Ordinal));
        Assert.Contains(found, v => v.StartsWith("operation 4: event 1 at position", StringComparison.Ordinal) && v.EndsWith("altered or out of order", StringComparison.Ordinal));
        Assert.Contains("operation 5: ended in an error and 1 of its 2 events are in the log", found);
        Assert.Contains("operation 6: written although its condition matched the prefill's conflicting events", found);
        Assert.Contains("operation 7: its condition failed although nothing matched it", found);
        Assert.Equal(8, found.Count);
    }

    [Fact]
    public async Task a_tiny_real_dcb_run_measures_every_workload_and_appender_reads_every_log_back_clean_and_writes_its_summary_and_charts()
    {
        var folder = Path.Combine(_root, "dcb");
        var options = LabOptions.Parse(["suite", "dcb", "--quick", "--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var exit = await DcbSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var summary = await File.ReadAllTextAsync(Path.Combine(folder, "summary.md"), TestContext.Current.CancellationToken);
        Assert.Contains("| AppendIf, 1 conflicting | 4 |", summary, StringComparison.Ordinal);
        Assert.Contains("| Workload | Clients | Verdict (appends/s) |", summary, StringComparison.Ordinal);
        var record = ReportRoundTrip.Result<DcbSuiteResult>(folder);
        var settings = options.SuiteSetting<DcbSuiteSettings>();
        Assert.Equal(settings.Workloads.Count * settings.Clients.Count, record.Verdicts!.Count);
        Assert.All(record.Verdicts!, v => Assert.Contains(v.Race.Leader, DcbAppenderCatalog.All.Keys));
        Assert.All(record.Cells, c => Assert.Equal(2, c.OperationsPerSecondByRound.Count));
        foreach (var appender in DcbAppenderCatalog.All.Keys)
        {
            Assert.Contains($"| Tiny | {appender} |", summary, StringComparison.Ordinal);
        }

        Assert.Contains("| Violations |", summary, StringComparison.Ordinal);
        Assert.DoesNotContain("operation ", summary, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(folder, "charts", "appends-per-second-tiny-1.svg")));
        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "dcb");
    }

    [Fact]
    public async Task a_tiny_real_reads_run_checks_every_query_projection_and_write_and_writes_its_summary_and_charts()
    {
        var folder = Path.Combine(_root, "reads");
        var options = LabOptions.Parse(["suite", "reads", "--quick", "--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var exit = await ReadsSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var summary = await File.ReadAllTextAsync(Path.Combine(folder, "summary.md"), TestContext.Current.CancellationToken);
        foreach (var workload in Enum.GetValues<ReadsWorkload>())
        {
            Assert.Contains($"| {workload} | 4 |", summary, StringComparison.Ordinal);
        }

        Assert.Contains("bound 10,000: **held**.", summary, StringComparison.Ordinal);
        Assert.Contains("- Every query returned exactly its tag's events, every projection the dataset's counts.", summary, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(folder, "charts", "reads-events-per-second.svg")));
        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "reads");
    }
}
