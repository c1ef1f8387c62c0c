using EventCommitLab.Stores.Mongo;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>The store's strategies retry as withTransaction does (transactions-convenient-api, "Sequence of Actions").</summary>
public sealed class MongoRetryGuidanceTests
{
    [Fact]
    public void the_backoff_is_the_convenient_transactions_apis_five_milliseconds_growing_half_again_to_half_a_second()
    {
        var guidance = MongoRetryGuidance.WithTransaction;

        Assert.Equal(TimeSpan.FromMilliseconds(5), guidance.Initial);
        Assert.Equal(1.5, guidance.Growth);
        Assert.Equal(TimeSpan.FromMilliseconds(500), guidance.Max);
        // The longest wait reaches the cap from retry 12 (the thirteenth): 5 ms · 1.5^11 is about 433 ms, · 1.5^12 about 649 ms.
        Assert.True(guidance.DelayBefore(11, 1.0) < guidance.Max);
        Assert.Equal(guidance.Max, guidance.DelayBefore(12, 1.0));
    }
}
