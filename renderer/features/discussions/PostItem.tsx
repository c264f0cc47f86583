import { Button, Card, Text, type TitleOrder } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Discussion, Post } from '../../../shared/api/discussions';
import { EditToggle } from '../../components/EditToggle';
import { notifySuccess } from '../../lib/notify';
import { useSessionStore } from '../../store/session-store';
import { useCurrentDiscussion } from '../home';
import { PostForm } from './PostForm';
import { PostView } from './PostView';
import { valuesFromPost } from './post-form';
import { canEditPost, repostLink, repostTarget } from './post-permissions';
import { useUpdatePost } from './queries';

interface PostItemProps {
  post: Post;
  discussion: Pick<Discussion, 'discussionId' | 'topic' | 'isClosed'>;
  titleOrder?: TitleOrder;
  linkTitle?: boolean;
}

/** One suggestion in its card: read it, switch to editing with the icon (owner or moderator), or repost it. */
export function PostItem({ post, discussion, titleOrder, linkTitle = true }: PostItemProps) {
  const { t } = useTranslation('discussions');
  const profile = useSessionStore((s) => s.myProfile);
  const currentDiscussion = useCurrentDiscussion();
  const updatePost = useUpdatePost(discussion.discussionId).mutateAsync;
  const [editing, setEditing] = useState(false);
  const editable = canEditPost(profile, post, discussion);
  const target = repostTarget(currentDiscussion, discussion);

  return (
    <Card withBorder padding="lg" pos="relative" data-testid="post" data-post-id={post.postId} aria-label={post.title} component="article">
      {editable && <EditToggle editing={editing} onToggle={() => setEditing((e) => !e)} viewLabel={t('post.view')} editLabel={t('post.edit')} />}
      {editing ? (
        <>
          <Text fw={600} mb="sm" pr={40}>
            {t('post.editing', { title: post.title })}
          </Text>
          <PostForm
            topic={discussion.topic}
            mode="edit"
            initialValues={valuesFromPost(post)}
            submitLabel={t('post.save')}
            failureKey="discussions:toast.updateFailed"
            onSubmit={async (fields) => {
              await updatePost({ postId: post.postId, fields });
              notifySuccess(t('toast.updated'));
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
            offerSpoilerMark
          />
        </>
      ) : (
        <PostView
          post={post}
          topic={discussion.topic}
          titleOrder={titleOrder}
          linkTitle={linkTitle}
          footer={
            target !== null && (
              <Button component={Link} to={repostLink(target, post)} variant="light" size="compact-sm" leftSection={<IconRepeat size={14} />}>
                {t('post.repost')}
              </Button>
            )
          }
        />
      )}
    </Card>
  );
}
