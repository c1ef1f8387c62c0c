using System.Runtime.CompilerServices;
using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class FailureCauseTests
{
    [Fact]
    public async Task a_cause_names_the_exception_type_and_the_lab_method_it_arose_in()
    {
        var failure = await Assert.ThrowsAsync<NullReferenceException>(() => ReadLengthAsync(null));

        Assert.Equal("NullReferenceException in FailureCauseTests.ReadLengthAsync: Object reference not set to an instance of an object.", FailureCause.Of(failure));
    }

    [Fact]
    public void a_long_message_is_cut_after_the_type_and_origin()
    {
        var failure = Assert.Throws<InvalidOperationException>(() => Fail(new string('x', 500)));

        var cause = FailureCause.Of(failure);

        Assert.StartsWith("InvalidOperationException in FailureCauseTests.Fail: xxx", cause, StringComparison.Ordinal);
        Assert.Equal(200, cause.Length);
        Assert.EndsWith("...", cause, StringComparison.Ordinal);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static async Task<int> ReadLengthAsync(string? text)
    {
        await Task.Yield();
        return text!.Length;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Fail(string message) => throw new InvalidOperationException(message);
}
