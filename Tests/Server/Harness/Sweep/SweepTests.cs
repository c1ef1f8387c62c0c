using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Sweep;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Sweep;

public sealed class SweepTests
{
    [Fact]
    public async Task a_tiny_real_sweep_measures_every_step_verifies_the_log_and_keeps_its_result_for_report()
    {
        var folder = Path.Combine(Directory.CreateTempSubdirectory("commit-lab-sweep-").FullName, "run");
        try
        {
            var options = LabOptions.Parse(
                ["sweep", "--strategies", "InsertMany", "--concurrency", "4", "--window", "0.05", "--out", folder], PostgresStoreConfiguration.FromEnvironment());

            var exit = await SweepSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

            Assert.Equal(ExitCodes.Verified, exit);
            var curve = Assert.Single(SweepRun.TryRead(folder)!.Curves);
            Assert.Null(curve.Failure);
            Assert.True(curve.Verification.Passed);
            Assert.NotEmpty(curve.Points);
            Assert.Equal(ExitCodes.Verified, ReportCommand.Run([folder], TextWriter.Null));
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(folder)!, recursive: true);
        }
    }
}
