using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;

namespace EventCommitLab.Tests.Harness.Seed;

/// <summary>BenchmarkDotNet's configuration for the seed's tests: one job, no log, its artifacts in a folder of the test's own.</summary>
internal static class QuietBenchmarkConfig
{
    public static ManualConfig For(Job job, string artifacts) =>
        ManualConfig.CreateEmpty().AddJob(job).AddLogger(NullLogger.Instance).AddColumnProvider(DefaultColumnProviders.Instance)
            .WithArtifactsPath(artifacts).WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile);
}
