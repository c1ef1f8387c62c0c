using EventCommitLab.Harness.Cli;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>The harness's command line read over the stores' settings a test gives, instead of the environment's.</summary>
internal static class LabOptions
{
    public static HarnessOptions Parse(IReadOnlyList<string> args, PostgresStoreConfiguration postgres, MongoStoreConfiguration? mongo = null) =>
        HarnessOptions.Parse(args, new HarnessOptions().WithStoreSetting(postgres).WithStoreSetting(mongo ?? new MongoStoreConfiguration()));
}
