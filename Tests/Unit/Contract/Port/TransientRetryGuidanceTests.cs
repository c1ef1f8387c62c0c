using EventCommitLab.Contract.Port;

namespace EventCommitLab.Tests.Contract.Port;

public sealed class TransientRetryGuidanceTests
{
    private static readonly TransientRetryGuidance Guidance = new(TimeSpan.FromMilliseconds(5), TimeSpan.FromMilliseconds(500), 1.5, "test");

    [Theory]
    [InlineData(0, 1.0, 5.0)]
    [InlineData(1, 1.0, 7.5)]
    [InlineData(2, 1.0, 11.25)]
    [InlineData(2, 0.5, 5.625)]
    [InlineData(0, 0.0, 0.0)]
    public void each_retry_waits_a_share_of_a_longest_wait_that_grows_by_the_factor(int retry, double jitter, double milliseconds) =>
        Assert.Equal(milliseconds, Guidance.DelayBefore(retry, jitter).TotalMilliseconds, 6);

    [Theory]
    [InlineData(12)]
    [InlineData(200)]
    [InlineData(int.MaxValue)]
    public void no_wait_is_longer_than_the_cap_however_many_retries_came_before(int retry) =>
        Assert.Equal(500, Guidance.DelayBefore(retry, 1.0).TotalMilliseconds, 6);

    [Theory]
    [InlineData(-1, 0.5)]
    [InlineData(0, -0.01)]
    [InlineData(0, 1.01)]
    public void a_negative_retry_or_a_jitter_outside_zero_to_one_is_refused(int retry, double jitter) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => Guidance.DelayBefore(retry, jitter));
}
