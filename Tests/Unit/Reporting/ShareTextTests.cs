using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Reporting;

public sealed class ShareTextTests
{
    [Theory]
    [InlineData(35, 39, "89.7%")]
    [InlineData(2, 3, "66.6%")]
    [InlineData(37, 39, "94.8%")]
    [InlineData(39, 39, "100%")]
    [InlineData(9, 10, "90%")]
    [InlineData(0, 5, "0%")]
    public void a_share_is_cut_to_one_decimal_and_never_rounded_up_to_a_goal_it_missed(int part, int whole, string expected) =>
        Assert.Equal(expected, ShareText.Of(part, whole));

    [Fact]
    public void a_share_of_nothing_is_a_dash() => Assert.Equal("-", ShareText.Of(0, 0));
}
