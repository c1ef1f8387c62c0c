using System.Text.Json;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>A suite's run kept its result whole: <c>report</c> writes, from its results.json alone, the summary the run wrote.</summary>
public static class ReportRoundTrip
{
    public static void AssertReportRewritesTheSameSummary(string folder, string suite)
    {
        var summaryPath = Path.Combine(folder, "summary.md");
        var written = File.ReadAllText(summaryPath);
        Assert.Equal(suite, SuiteRecord.TryRead(folder)?.Suite);
        File.Delete(summaryPath);

        Assert.Equal(ExitCodes.Verified, ReportCommand.Run([folder], TextWriter.Null));

        Assert.Equal(written, File.ReadAllText(summaryPath));
    }

    /// <summary>The suite's result as its results.json keeps it.</summary>
    public static T Result<T>(string folder)
        where T : class =>
        SuiteRecord.TryRead(folder)?.Result.Deserialize<T>(SuiteRecord.Json) ?? throw new InvalidDataException($"{folder} holds no suite's result.");
}
